// One alternative per ECMA-48 / ECMA-35 escape form, in this order:
// - CSI: ESC [, parameter bytes 0x30–0x3F (digits, `;`, `:` sub-parameters, the private
//   markers `?` `<` `=` `>`), intermediate bytes 0x20–0x2F, one final byte 0x40–0x7E
//   (`ESC[1m`, `ESC[?25l`, `ESC[>4;1m`, `ESC[4:3m`, `ESC[2 q`).
// - Control strings: OSC (ESC ]), DCS (ESC P), SOS (ESC X), PM (ESC ^) and APC (ESC _),
//   whose text runs to BEL or ST (ESC \); one cut off by the end of the output is removed
//   up to the next ESC or BEL.
// - nF escapes and the single-character escapes: ESC, any intermediate bytes 0x20–0x2F,
//   one final byte 0x30–0x7E. With intermediates these are charset designations (`ESC ( B`,
//   which `tput sgr0` emits, `ESC ) 0`, `ESC ( % 5`) and the like (`ESC # 8`, `ESC SP F`);
//   without, `ESC 7`, `ESC 8`, `ESC =`, `ESC M`, `ESC c`.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching escape sequences is the point.
const escapeSequence = /\x1b(?:\[[0-?]*[ -/]*[@-~]|[\]PX^_][^\x07\x1b]*(?:\x07|\x1b\\)?|[ -/]*[0-~])/g;

/**
 * Removes the terminal escape sequences of `text` (see `escapeSequence` for the forms),
 * leaving the text a terminal would print. Control characters other than ESC, including
 * carriage returns, are left for the caller.
 *
 * Not `util.stripVTControlCharacters`: it removes `ESC ( B` on Node 22 and 24, but it
 * also removes digits printed right after `ESC 7` / `ESC 8` (`ESC 8 100%` becomes `%`),
 * leaves parts of DCS/APC/PM strings, of cut-off OSC strings and of CSI sequences with
 * `<`/`=`/`>` markers or intermediates (`ESC [ 2 SP q`) in the text, and Node 22 and 24
 * differ (OSC titles with spaces, `:` sub-parameters), so the model would see different
 * text on each.
 */
export function stripTerminalSequences(text: string): string {
	return text.replace(escapeSequence, "");
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point.
const controlCharacter = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]/g;

/**
 * The text a model should read of raw output bytes: UTF-8 (invalid bytes become U+FFFD),
 * without terminal escape sequences and control characters, CRLF as LF, and of a line
 * rewritten with carriage returns (progress bars) only what a terminal would show last.
 */
export function toDisplayText(bytes: Uint8Array): string {
	const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("utf8");
	return applyCarriageReturns(stripTerminalSequences(text)).replace(controlCharacter, "");
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
