/** `0-9`, `A-F` or `a-f`, by character code. */
export function isHexDigit(code: number): boolean {
	return (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x46) || (code >= 0x61 && code <= 0x66);
}
