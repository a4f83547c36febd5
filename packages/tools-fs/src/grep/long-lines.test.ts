import { describe, expect, it } from "vitest";
import { clipExcerpt, clipLine } from "../truncate/truncate.js";
import { compilePattern } from "./compile-pattern.js";
import { LineSearcher, type LineSearcherOptions, type SearchRecord } from "./line-searcher.js";

// Small windows, so that short test texts have "over-long" lines: lines over 64
// characters are searched in windows overlapping by 16, and shown clipped to 6.
const WINDOWED = { longLine: 64, overlap: 16, maxLineLength: 6 };

function searcherFor(pattern: string, options: Partial<LineSearcherOptions> = {}): LineSearcher {
	const compiled = compilePattern(pattern, {});
	if (!compiled.ok) throw new Error(compiled.message);
	return new LineSearcher(compiled.pattern, {
		context: 0,
		maxMatches: 1000,
		maxLineLength: 500,
		clip: clipExcerpt,
		...options,
	});
}

function search(text: string, pattern: string, pieces: number[], options: Partial<LineSearcherOptions> = {}) {
	const searcher = searcherFor(pattern, options);
	let start = 0;
	for (let index = 0; start < text.length; index++) {
		const size = pieces[index % pieces.length]!;
		searcher.push(text.slice(start, start + size));
		start += size;
	}
	searcher.end();
	return searcher.records.map(show);
}

function show(record: SearchRecord): string {
	if (record.kind === "separator") return "--";
	return `${record.line}${record.kind === "match" ? ":" : "-"}${record.text}`;
}

/**
 * What grep shows, computed the plain way: whole lines, each tested on its own (in
 * multiline mode, as grep scans: `^` and `$` also match at a lone CR).
 */
function reference(text: string, pattern: string, maxLineLength: number): string[] {
	const compiled = compilePattern(pattern, {});
	if (!compiled.ok) throw new Error(compiled.message);
	const regex = new RegExp(compiled.pattern.scan.source, compiled.pattern.scan.flags.replace("g", ""));
	const lines = text.split("\n");
	if (text.endsWith("\n")) lines.pop();
	const shown: string[] = [];
	// Every line but an unterminated last one ended with a line break, and a CR before it is not part of it.
	const terminated = text.endsWith("\n") ? lines.length : lines.length - 1;
	for (const [index, raw] of lines.entries()) {
		const line = index < terminated && raw.endsWith("\r") ? raw.slice(0, -1) : raw;
		const found = regex.exec(line);
		if (found) shown.push(`${index + 1}:${clipLine(line, maxLineLength, found.index).text}`);
	}
	return shown;
}

/** A deterministic pseudo-random sequence (a linear congruential generator). */
function random(seed: number): () => number {
	let state = seed;
	return () => {
		state = (state * 1103515245 + 12345) % 2147483648;
		return state / 2147483648;
	};
}

describe("LineSearcher on lines longer than its window", () => {
	it("finds what whole-line search finds, for matches shorter than the overlap, however the text is cut", () => {
		const next = random(7);
		const patterns = ["abc", "^ab", "ba$", "c a", "b\\s?c", "^$", "a{3}", "[xyz]", "", "\\bcab\\b"];
		for (let round = 0; round < 60; round++) {
			const lines: string[] = [];
			const count = 1 + Math.floor(next() * 8);
			for (let line = 0; line < count; line++) {
				const length = next() < 0.5 ? Math.floor(next() * 20) : Math.floor(next() * 400);
				let text = "";
				for (let index = 0; index < length; index++) text += "abc ab\r"[Math.floor(next() * 7)] ?? "";
				if (next() < 0.1) text += "xyz".repeat(2);
				lines.push(text);
			}
			const text = lines.join(next() < 0.5 ? "\n" : "\r\n") + (next() < 0.5 ? "\n" : "");
			const pieces = [1 + Math.floor(next() * 90), 1 + Math.floor(next() * 7), 200];
			for (const pattern of patterns) {
				expect(search(text, pattern, pieces, WINDOWED), `${JSON.stringify(text)} / ${pattern}`).toEqual(
					reference(text, pattern, WINDOWED.maxLineLength),
				);
			}
		}
	});

	it("shows a long line's match clipped around it, and long context lines clipped at their start", () => {
		const long = `${"x".repeat(100)}needle${"y".repeat(100)}`;
		const text = `before\n${long}\n${"z".repeat(200)}\nafter\n`;
		const options = { ...WINDOWED, maxLineLength: 4, context: 1 };
		expect(search(text, "needle", [7], options)).toEqual(["1-befo…", "2:…xnee…", "3-zzzz…"]);
		expect(search(text, "after", [7], options)).toEqual(["3-zzzz…", "4:afte…"]);
		expect(search(text, "before", [300], options)).toEqual(["1:befo…", "2-xxxx…"]);
	});

	it("holds a bounded part of a line that has no end, and counts lines across it", () => {
		const searcher = searcherFor("needle", { ...WINDOWED, context: 1 });
		searcher.push("first\n");
		for (let index = 0; index < 10_000; index++) searcher.push("abcdefghij");
		// What it keeps of the 100,000 characters so far is about its windows' worth.
		expect(JSON.stringify(searcher).length).toBeLessThan(1_000);
		searcher.push("needle and more\nlast needle\n");
		searcher.end();
		expect(searcher.records.map(show)).toEqual(["1-first", "2:…jneedl…", "3:… needl…"]);
	});

	it("stops once its records outgrow what the output could show", () => {
		const searcher = searcherFor("x", { maxChars: 10 });
		searcher.push("x1\nx2\nx3\nx4\nx5\nx6\nx7\n");
		expect(searcher.done).toBe(true);
		expect(searcher.records.length).toBeLessThan(7);
	});
});
