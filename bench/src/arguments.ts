/** The tool-call arguments every client must reproduce exactly. */
export interface WriteArguments {
	path: string;
	content: string;
}

/**
 * Code-like lines with what makes JSON string escaping and UTF-8 decoding work: double
 * quotes, backslashes, tabs, template literals, accented letters, CJK and an astral
 * emoji (a surrogate pair that 8-character deltas must not split).
 */
const LINES: readonly ((index: number) => string)[] = [
	(index) => `export function handler${index}(input: string, options: Options = {}): string {`,
	(index) => `\tconst label = "item-${index}"; // naïve café → ${index}`,
	() => `\tif (input.includes('\\"quoted\\"')) return \`\${label}: 日本語の行 ✓\`;`,
	() => `\tconst parts = input.split(/\\s+/).map((part) => part.trim()).filter(Boolean);`,
	() => `\treturn parts.join("\\\\") + " 🚀 " + JSON.stringify({ label, size: parts.length });`,
	() => "}",
	() => "",
];

/**
 * Deterministic `{"path":"src/big.ts","content":"…"}` whose JSON text is `kilobytes` KiB
 * of UTF-8, give or take one line.
 */
export function makeWriteArguments(kilobytes: number): WriteArguments {
	const target = kilobytes * 1024 - Buffer.byteLength('{"path":"src/big.ts","content":""}');
	const lines: string[] = [];
	let bytes = 0;
	for (let index = 0; bytes < target; index++) {
		const line = `${LINES[index % LINES.length]!(Math.floor(index / LINES.length))}\n`;
		// The line's size once escaped inside the JSON string, without the two quotes.
		bytes += Buffer.byteLength(JSON.stringify(line)) - 2;
		lines.push(line);
	}
	return { path: "src/big.ts", content: lines.join("") };
}
