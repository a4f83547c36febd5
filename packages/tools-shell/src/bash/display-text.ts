// CSI (colours, cursor moves), OSC (titles, links) and two-byte escape sequences.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching escape sequences is the point.
const escapeSequence = /\x1b(?:\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)?|[@-Z\\-_])/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point.
const controlCharacter = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]/g;

/**
 * The text a model should read of raw output bytes: UTF-8 (invalid bytes become U+FFFD),
 * without terminal escape sequences and control characters, CRLF as LF, and of a line
 * rewritten with carriage returns (progress bars) only what a terminal would show last.
 */
export function toDisplayText(bytes: Uint8Array): string {
	const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
		.toString("utf8")
		.replace(escapeSequence, "");
	return applyCarriageReturns(text).replace(controlCharacter, "");
}

// Split-based rather than a regex: a pattern like /[^\n\r]*\r/ backtracks quadratically
// on long lines without a carriage return.
function applyCarriageReturns(text: string): string {
	if (!text.includes("\r")) return text;
	return text
		.split("\n")
		.map((line) => (line.includes("\r") ? (line.split("\r").findLast((part) => part !== "") ?? "") : line))
		.join("\n");
}
