/** The last `max` lines of `text`, and how many were left out before them. */
export function tailLines(text: string, max: number): { lines: string[]; omitted: number } {
	const lines = text.replace(/\n+$/, "").split("\n");
	if (text === "") return { lines: [], omitted: 0 };
	if (lines.length <= max) return { lines, omitted: 0 };
	return { lines: lines.slice(lines.length - max), omitted: lines.length - max };
}

/** The first `max` lines of `text`, and how many were left out after them. */
export function headLines(text: string, max: number): { lines: string[]; omitted: number } {
	if (text === "") return { lines: [], omitted: 0 };
	const lines = text.replace(/\n+$/, "").split("\n");
	if (lines.length <= max) return { lines, omitted: 0 };
	return { lines: lines.slice(0, max), omitted: lines.length - max };
}
