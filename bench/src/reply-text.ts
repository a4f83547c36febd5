/**
 * Prose and Markdown lines with what makes text streaming work: accented letters, CJK,
 * typographic quotes, code spans with backslashes and quotes, and an astral emoji (a
 * surrogate pair that 8-character deltas must not split).
 */
const LINES: readonly ((index: number) => string)[] = [
	(index) => `## Section ${index}: the handler and its options`,
	(index) =>
		`The function \`handler${index}\` takes an input string and returns a label — naïve café → ${index}.`,
	() => "It splits the input on whitespace (`/\\s+/`), trims each part and drops empty ones.",
	() => `Quoted input like "a \\"quoted\\" word" is answered with a template literal: 日本語の行 ✓.`,
	() => "The parts are joined with a backslash, followed by a rocket 🚀 and the label as JSON.",
	() => "",
];

/** Deterministic reply text of `kilobytes` KiB of UTF-8, give or take one line. */
export function makeReplyText(kilobytes: number): string {
	const target = kilobytes * 1024;
	const lines: string[] = [];
	let bytes = 0;
	for (let index = 0; bytes < target; index++) {
		const line = `${LINES[index % LINES.length]!(Math.floor(index / LINES.length))}\n`;
		bytes += Buffer.byteLength(line);
		lines.push(line);
	}
	return lines.join("");
}
