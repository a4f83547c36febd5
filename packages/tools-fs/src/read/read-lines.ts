import { createHash } from "node:crypto";
import { clipLine, OutputBudget } from "../truncate/truncate.js";

export interface ReadLinesOptions {
	/** 1-based first line to show. */
	startLine: number;
	/** Lines to show at most, and why that bound exists (the model's `limit` or the tool's). */
	maxLines: number;
	maxLinesReason: "limit" | "lines";
	maxBytes: number;
	maxLineLength: number;
	lineNumbers: boolean;
}

export interface ReadLinesResult {
	/** Formatted output lines. */
	lines: string[];
	/** 1-based number of the first and last line shown (`lastLine < firstLine` when none). */
	firstLine: number;
	lastLine: number;
	/** Set when the output stopped before the end of the file. */
	stoppedBy?: "limit" | "lines" | "bytes";
	/** The line to continue at, when more follow. */
	nextOffset?: number;
	/** Known when the reader reached the end of the file. */
	totalLines?: number;
	/** Known when the reader saw every byte of the file. */
	sha256?: string;
	clippedLines: { line: number; bytes: number }[];
}

/** The bytes of a line kept for display: enough for `maxLineLength` characters of any width. */
function keptBytesFor(maxLineLength: number): number {
	return maxLineLength * 4 + 4;
}

const decoder = new TextDecoder("utf-8");

/**
 * Turns a file's chunks into numbered output lines, holding only the lines it shows:
 * lines before `startLine` are counted, not decoded; an over-long line keeps only the
 * bytes its clipped form needs; reading stops one chunk after the output is full, just
 * far enough to know whether more lines follow.
 */
export async function readLines(
	chunks: AsyncIterable<Uint8Array>,
	options: ReadLinesOptions,
): Promise<ReadLinesResult> {
	const budget = new OutputBudget(options.maxLines, options.maxBytes);
	const keepLimit = keptBytesFor(options.maxLineLength);
	const hash = createHash("sha256");
	const clippedLines: ReadLinesResult["clippedLines"] = [];
	let lineNumber = 1;
	let pieces: Uint8Array[] = [];
	let keptBytes = 0;
	let lineBytes = 0;
	let lastLine = options.startLine - 1;
	let full = false;
	let stoppedBy: ReadLinesResult["stoppedBy"];

	const finishLine = (endsWithCarriageReturn: boolean) => {
		const text = decodeLine(
			pieces,
			keptBytes,
			lineNumber === 1,
			endsWithCarriageReturn && keptBytes >= lineBytes,
		);
		const clipped = clipLine(text, options.maxLineLength);
		const isClipped = clipped.clipped || lineBytes > keptBytes;
		const prefix = options.lineNumbers ? `${String(lineNumber).padStart(6)}\t` : "";
		let accepted = budget.add(prefix + clipped.text);
		if (!accepted && budget.lines.length === 0 && budget.exhaustedBy === "bytes") {
			// Always show at least one line, or a tiny byte bound would stall the model.
			budget.force(prefix + clipLine(text, Math.max(1, Math.floor(options.maxBytes / 4))).text);
			accepted = true;
		}
		if (!accepted) {
			stoppedBy = budget.exhaustedBy;
			full = true;
			return;
		}
		if (isClipped) clippedLines.push({ line: lineNumber, bytes: lineBytes });
		lastLine = lineNumber;
		if (budget.lines.length >= options.maxLines) {
			stoppedBy = options.maxLinesReason;
			full = true;
		}
	};

	let previousByte = -1;
	let sawEveryByte = true;
	const iterator = chunks[Symbol.asyncIterator]();
	try {
		for (;;) {
			const next = await iterator.next();
			if (next.done) break;
			const chunk = next.value;
			if (full) {
				// The output is full; this chunk only tells whether more lines follow.
				if (chunk.byteLength > 0) {
					sawEveryByte = false;
					break;
				}
				continue;
			}
			hash.update(chunk);
			let position = 0;
			while (position < chunk.byteLength) {
				const newline = chunk.indexOf(10, position);
				const end = newline === -1 ? chunk.byteLength : newline;
				if (lineNumber >= options.startLine && end > position && keptBytes < keepLimit) {
					const piece = chunk.subarray(position, Math.min(end, position + keepLimit - keptBytes));
					pieces.push(piece);
					keptBytes += piece.byteLength;
				}
				lineBytes += end - position;
				if (end > position) previousByte = chunk[end - 1]!;
				if (newline === -1) break;
				if (lineNumber >= options.startLine) finishLine(previousByte === 13);
				pieces = [];
				keptBytes = 0;
				lineBytes = 0;
				previousByte = -1;
				position = newline + 1;
				if (full) {
					if (position < chunk.byteLength) sawEveryByte = false;
					break;
				}
				lineNumber++;
			}
			if (full && !sawEveryByte) break;
		}
	} finally {
		await iterator.return?.();
	}

	if (full) {
		if (!sawEveryByte) {
			// The line that did not fit (bytes) is the one to continue at; after a full
			// line count, the next one.
			const nextOffset = stoppedBy === "bytes" ? lineNumber : lineNumber + 1;
			return result(budget.lines, options.startLine, lastLine, clippedLines, { stoppedBy, nextOffset });
		}
		// The output filled up exactly at the end of the file.
		if (stoppedBy === "bytes") {
			return result(budget.lines, options.startLine, lastLine, clippedLines, {
				stoppedBy,
				nextOffset: lineNumber,
			});
		}
		return result(budget.lines, options.startLine, lastLine, clippedLines, {
			totalLines: lineNumber,
			sha256: hash.digest("hex"),
		});
	}
	// End of file: a last line without a newline is still a line.
	if (lineBytes > 0) {
		if (lineNumber >= options.startLine) finishLine(previousByte === 13);
		if (full && stoppedBy === "bytes") {
			return result(budget.lines, options.startLine, lastLine, clippedLines, {
				stoppedBy,
				nextOffset: lineNumber,
			});
		}
		return result(budget.lines, options.startLine, lastLine, clippedLines, {
			totalLines: lineNumber,
			sha256: hash.digest("hex"),
		});
	}
	return result(budget.lines, options.startLine, lastLine, clippedLines, {
		totalLines: lineNumber - 1,
		sha256: hash.digest("hex"),
	});
}

function result(
	lines: string[],
	firstLine: number,
	lastLine: number,
	clippedLines: ReadLinesResult["clippedLines"],
	rest: Pick<ReadLinesResult, "stoppedBy" | "nextOffset" | "totalLines" | "sha256">,
): ReadLinesResult {
	const value: ReadLinesResult = { lines, firstLine, lastLine, clippedLines };
	if (rest.stoppedBy !== undefined) value.stoppedBy = rest.stoppedBy;
	if (rest.nextOffset !== undefined) value.nextOffset = rest.nextOffset;
	if (rest.totalLines !== undefined) value.totalLines = rest.totalLines;
	if (rest.sha256 !== undefined) value.sha256 = rest.sha256;
	return value;
}

function decodeLine(
	pieces: Uint8Array[],
	length: number,
	isFirst: boolean,
	dropCarriageReturn: boolean,
): string {
	let bytes: Uint8Array;
	if (pieces.length === 1) bytes = pieces[0]!;
	else {
		bytes = new Uint8Array(length);
		let offset = 0;
		for (const piece of pieces) {
			bytes.set(piece, offset);
			offset += piece.byteLength;
		}
	}
	let text = pieces.length === 0 ? "" : decoder.decode(bytes);
	if (dropCarriageReturn && text.endsWith("\r")) text = text.slice(0, -1);
	if (isFirst && text.startsWith("\uFEFF")) text = text.slice(1);
	return text;
}
