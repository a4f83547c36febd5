/** One line of a unified diff's hunks, with its place in the file. */
export interface DiffLine {
	/** `gap`: the lines skipped between two hunks; `note`: `\ No newline at end of file`. */
	kind: "added" | "removed" | "context" | "gap" | "note";
	/** The line's number: in the new file for context and additions, in the old file for removals. */
	number?: number;
	text: string;
}

const HUNK_HEADER = /^@@ -(\d+)(?:,\d+)? \+(\d+)(?:,\d+)? @@/;

/**
 * The lines of a unified diff's hunks, numbered from their `@@ -a,b +c,d @@` headers; the
 * file headers (`---`, `+++`) before the first hunk are dropped. `undefined` when the diff
 * has no hunk header (a preview of `-`/`+` lines without positions), so nothing is numbered.
 */
export function numberDiffLines(diff: string): DiffLine[] | undefined {
	const lines = diff.replace(/\n$/, "").split("\n");
	const first = lines.findIndex((line) => HUNK_HEADER.test(line));
	if (first === -1) return undefined;
	const numbered: DiffLine[] = [];
	let oldLine = 0;
	let newLine = 0;
	for (const line of lines.slice(first)) {
		const header = HUNK_HEADER.exec(line);
		if (header) {
			if (numbered.length > 0) numbered.push({ kind: "gap", text: "" });
			oldLine = Number(header[1]);
			newLine = Number(header[2]);
			continue;
		}
		const sign = line[0];
		const text = line.slice(1);
		if (sign === "+") numbered.push({ kind: "added", number: newLine++, text });
		else if (sign === "-") numbered.push({ kind: "removed", number: oldLine++, text });
		else if (sign === "\\") numbered.push({ kind: "note", text: line });
		else {
			// A context line (some tools strip the space of an empty one).
			numbered.push({ kind: "context", number: newLine++, text });
			oldLine++;
		}
	}
	return numbered;
}

/**
 * A numbered line as text: the number right-aligned to `width`, then the sign (`+`, `-`,
 * a space for context) and the line; a gap is a `⋮` under the numbers.
 */
export function diffLineText(line: DiffLine, width: number): string {
	if (line.kind === "gap") return `${" ".repeat(Math.max(0, width - 1))}⋮`;
	if (line.kind === "note") return `${" ".repeat(width)} ${line.text}`;
	const sign = line.kind === "added" ? "+" : line.kind === "removed" ? "-" : " ";
	return `${String(line.number ?? "").padStart(width)} ${sign}${line.text}`;
}
