export const BOM = "\uFEFF";

export type LineEnding = "\n" | "\r\n";

/** Splits a leading UTF-8 byte order mark off decoded text. */
export function splitBom(text: string): { bom: string; text: string } {
	return text.startsWith(BOM) ? { bom: BOM, text: text.slice(1) } : { bom: "", text };
}

/** The line ending most lines use; LF when there are none or as many of each. */
export function detectLineEnding(text: string): LineEnding {
	let crlf = 0;
	let lf = 0;
	for (let index = text.indexOf("\n"); index !== -1; index = text.indexOf("\n", index + 1)) {
		if (index > 0 && text.charCodeAt(index - 1) === 13) crlf++;
		else lf++;
	}
	return crlf > lf ? "\r\n" : "\n";
}

/** Converts bare LF to `ending`; text that already has CRLF keeps it. */
export function withLineEnding(text: string, ending: LineEnding): string {
	if (ending === "\n") return text;
	return text.replace(/\r?\n/g, "\r\n");
}

/** Lines as an editor counts them: `""` has 0, `"a"` and `"a\n"` have 1, `"a\nb"` has 2. */
export function countLines(text: string): number {
	if (text.length === 0) return 0;
	let lines = 0;
	for (let index = text.indexOf("\n"); index !== -1; index = text.indexOf("\n", index + 1)) lines++;
	return text.endsWith("\n") ? lines : lines + 1;
}

/** 1-based line of a character offset. */
export function lineAt(text: string, offset: number): number {
	let line = 1;
	for (
		let index = text.indexOf("\n");
		index !== -1 && index < offset;
		index = text.indexOf("\n", index + 1)
	) {
		line++;
	}
	return line;
}

const strictDecoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** Decodes UTF-8 keeping a BOM as U+FEFF; `undefined` if the bytes are not valid UTF-8. */
export function decodeUtf8Exact(bytes: Uint8Array): string | undefined {
	try {
		return strictDecoder.decode(bytes);
	} catch {
		return undefined;
	}
}
