import { randomUUID } from "node:crypto";
import { closeSync, openSync, writeSync } from "node:fs";
import { join } from "node:path";
import { toDisplayText } from "./display-text.js";
import type { BashOutputSummary } from "./types.js";

const newline = 0x0a;

export interface OutputLimits {
	maxLines: number;
	maxBytes: number;
}

export interface OutputSnapshot extends BashOutputSummary {
	/** The tail the model sees, cleaned for display (see `toDisplayText`). */
	text: string;
}

/**
 * Collects a command's output with bounded memory: everything until the output exceeds
 * the limits, then only a tail of at least `maxBytes`, while the complete output goes to
 * a temporary file from that moment on (starting with what was kept so far, which is
 * still all of it).
 */
export class OutputBuffer {
	readonly #limits: OutputLimits;
	readonly #tempDir: string;
	#chunks: Buffer[] = [];
	#keptBytes = 0;
	// Whether the byte just before the kept chunks is a newline (or there is none).
	#keptStartsLine = true;
	#totalBytes = 0;
	#newlines = 0;
	#lastByte: number | undefined;
	#file: number | undefined;
	#filePath: string | undefined;
	#fileError: string | undefined;

	constructor(limits: OutputLimits, tempDir: string) {
		this.#limits = limits;
		this.#tempDir = tempDir;
	}

	append(chunk: Uint8Array): void {
		if (chunk.length === 0) return;
		const buffer = Buffer.from(chunk);
		this.#totalBytes += buffer.length;
		this.#newlines += countNewlines(buffer);
		this.#lastByte = buffer[buffer.length - 1];
		this.#chunks.push(buffer);
		this.#keptBytes += buffer.length;
		if (this.#file !== undefined) this.#write(buffer);
		else if (this.#fileError === undefined && this.#exceedsLimits()) this.#startFile();
		if (this.#exceedsLimits()) this.#dropHead();
	}

	snapshot(): OutputSnapshot {
		const kept = Buffer.concat(this.#chunks, this.#keptBytes);
		const truncated = this.#exceedsLimits();
		const shown = truncated ? kept.subarray(tailStart(kept, this.#limits, this.#keptStartsLine)) : kept;
		return {
			text: toDisplayText(shown),
			totalBytes: this.#totalBytes,
			totalLines: this.#totalLines(),
			shownBytes: shown.length,
			shownLines: countLines(shown),
			truncated,
			...(this.#filePath === undefined ? {} : { fullOutputPath: this.#filePath }),
			...(this.#fileError === undefined ? {} : { fullOutputError: this.#fileError }),
		};
	}

	/** Closes the full-output file; the file itself stays for the model to read. */
	close(): void {
		if (this.#file === undefined) return;
		try {
			closeSync(this.#file);
		} catch {}
		this.#file = undefined;
	}

	#totalLines(): number {
		return this.#newlines + (this.#lastByte === undefined || this.#lastByte === newline ? 0 : 1);
	}

	#exceedsLimits(): boolean {
		return this.#totalBytes > this.#limits.maxBytes || this.#totalLines() > this.#limits.maxLines;
	}

	#startFile(): void {
		const path = join(this.#tempDir, `kestrel-bash-${randomUUID()}.log`);
		try {
			this.#file = openSync(path, "wx", 0o600);
			this.#filePath = path;
		} catch (error) {
			this.#fileError = (error as Error).message;
			return;
		}
		for (const chunk of this.#chunks) this.#write(chunk);
	}

	// Synchronous writes hold the event loop, so the pipe is not read faster than the disk
	// takes it: memory stays bounded however fast the command writes.
	#write(buffer: Buffer): void {
		if (this.#file === undefined) return;
		try {
			let written = 0;
			while (written < buffer.length) written += writeSync(this.#file, buffer, written);
		} catch (error) {
			this.#fileError = `writing ${this.#filePath} failed: ${(error as Error).message}`;
			this.close();
		}
	}

	#dropHead(): void {
		while (this.#chunks.length > 1 && this.#keptBytes - this.#chunks[0]!.length >= this.#limits.maxBytes) {
			const dropped = this.#chunks.shift()!;
			this.#keptBytes -= dropped.length;
			this.#keptStartsLine = dropped[dropped.length - 1] === newline;
		}
	}
}

/**
 * Where the shown tail starts in `kept`: the last `maxBytes` bytes, moved forward to the
 * next line start (unless the last line alone is longer, which is then cut at a character
 * boundary), then at most the last `maxLines` lines.
 */
export function tailStart(kept: Buffer, limits: OutputLimits, keptStartsLine: boolean): number {
	let start = Math.max(0, kept.length - limits.maxBytes);
	const atLineStart = start === 0 ? keptStartsLine : kept[start - 1] === newline;
	if (!atLineStart) {
		const next = kept.indexOf(newline, start);
		if (next !== -1 && next + 1 < kept.length) start = next + 1;
		else while (start < kept.length && ((kept[start] ?? 0) & 0xc0) === 0x80) start += 1;
	}
	// A final newline ends the last line; it does not start another one.
	let position = kept[kept.length - 1] === newline ? kept.length - 1 : kept.length;
	let lines = 0;
	while (position > start) {
		const previous = kept.lastIndexOf(newline, position - 1);
		if (previous < start) break;
		lines += 1;
		if (lines === limits.maxLines) return previous + 1;
		position = previous;
	}
	return start;
}

function countNewlines(buffer: Buffer): number {
	let count = 0;
	for (let index = buffer.indexOf(newline); index !== -1; index = buffer.indexOf(newline, index + 1))
		count += 1;
	return count;
}

function countLines(buffer: Buffer): number {
	if (buffer.length === 0) return 0;
	return countNewlines(buffer) + (buffer[buffer.length - 1] === newline ? 0 : 1);
}
