import { compareWalkOrder, FileRecordBuilder, type FileRecords } from "./file-records.js";

const NUL = 0;
const COLON = 58;
const DASH = 45;
const CR = 13;
const LF = 10;
const BINARY_NOTE = /^(.*): binary file matches \(found "\\0" byte around offset (\d+)\)$/;

/** A path ripgrep printed (`./a/b`), relative to the searched folder with `/`. */
function relativePath(printed: string): string {
	const path = process.platform === "win32" ? printed.replaceAll("\\", "/") : printed;
	return path.startsWith("./") ? path.slice(2) : path;
}

/** The decimal number at `at` in `bytes`, and where it ends. */
function numberAt(bytes: Buffer, at: number, end: number): [number, number] {
	let value = 0;
	let index = at;
	while (index < end && bytes[index]! >= 48 && bytes[index]! <= 57) value = value * 10 + bytes[index++]! - 48;
	return [value, index];
}

function byPath(a: FileRecords, b: FileRecords): number {
	return compareWalkOrder(a.relative, b.relative);
}

/**
 * Rebuilds grep's records from ripgrep's output (`--no-heading --null --line-number
 * --column`: `path NUL line:column:text` for a match, `path NUL line-text` for context),
 * a line at a time, decoded as UTF-8 as the JavaScript engine decodes files (a first
 * line's BOM dropped, `\r\n` read as a line break, invalid bytes as U+FFFD). Each file's
 * lines come together, files in any order; those that cannot be among the first `limit`
 * matches in walk order are dropped as they come, so memory stays bounded.
 */
export class RipgrepOutputParser {
	/** Files with matches; in walk order after `end()`. */
	readonly files: FileRecords[] = [];
	/** Files named as binary (a NUL byte after which ripgrep stopped), with the NUL's offset. */
	readonly binary = new Map<string, number>();
	/** Matches in `files`. */
	matches = 0;
	printed = false;
	/** True once the first `limit` matches in walk order are in and another file began. */
	full = false;
	/** True if files with matches were left out beyond the first `limit` matches. */
	dropped = false;
	private current: { path: string; builder: FileRecordBuilder } | undefined;
	private pieces: Buffer[] = [];

	constructor(
		private readonly limit: number,
		private readonly context: number,
		private readonly maxLineLength: number,
	) {}

	/** The next bytes of the output. */
	push(chunk: Buffer): void {
		let start = 0;
		for (let end = chunk.indexOf(LF); end !== -1; end = chunk.indexOf(LF, start)) {
			if (this.pieces.length === 0) this.line(chunk, start, end);
			else {
				this.pieces.push(chunk.subarray(start, end));
				const line = Buffer.concat(this.pieces);
				this.pieces = [];
				this.line(line, 0, line.length);
			}
			start = end + 1;
		}
		if (start < chunk.length) this.pieces.push(chunk.subarray(start));
	}

	/** The end of the output: the last file is complete, and the files are put in walk order. */
	end(): void {
		if (this.pieces.length > 0) {
			const line = Buffer.concat(this.pieces);
			this.pieces = [];
			this.line(line, 0, line.length);
		}
		this.finishFile();
		this.prune();
	}

	/** Keeps the files that hold the first `limit` matches in walk order. */
	private prune(): void {
		this.files.sort(byPath);
		let total = 0;
		for (let index = 0; index < this.files.length; index++) {
			total += this.files[index]!.matches;
			if (total >= this.limit) {
				for (const dropped of this.files.splice(index + 1)) {
					this.matches -= dropped.matches;
					this.dropped = true;
				}
				return;
			}
		}
	}

	private finishFile(): void {
		const file = this.current?.builder.file;
		this.current = undefined;
		if (file === undefined || file.matches === 0) return;
		this.files.push(file);
		this.matches += file.matches;
		if (this.matches > 4 * this.limit + 1024) this.prune();
	}

	/** In walk order (`--sort path`), a file begun after the limit's matches means the output is complete. */
	private beginFile(): void {
		if (this.matches >= this.limit) this.full = true;
	}

	private builderFor(path: string): FileRecordBuilder {
		if (this.current?.path === path) return this.current.builder;
		this.finishFile();
		this.beginFile();
		const builder = new FileRecordBuilder(relativePath(path), this.limit, this.context, this.maxLineLength);
		this.current = { path, builder };
		return builder;
	}

	private line(bytes: Buffer, start: number, lineEnd: number): void {
		this.printed = true;
		const nul = bytes.indexOf(NUL, start);
		if (nul === -1 || nul >= lineEnd) {
			const note = BINARY_NOTE.exec(bytes.toString("utf8", start, lineEnd));
			if (note) {
				this.finishFile();
				this.beginFile();
				this.binary.set(relativePath(note[1]!), Number(note[2]));
			}
			return;
		}
		const builder = this.builderFor(bytes.toString("utf8", start, nul));
		const [lineNumber, afterNumber] = numberAt(bytes, nul + 1, lineEnd);
		const isMatch = bytes[afterNumber] === COLON;
		if (!isMatch && bytes[afterNumber] !== DASH) return;
		let textStart = afterNumber + 1;
		let column = 1;
		if (isMatch) {
			[column, textStart] = numberAt(bytes, textStart, lineEnd);
			textStart++;
		}
		const end = lineEnd > textStart && bytes[lineEnd - 1] === CR ? lineEnd - 1 : lineEnd;
		let text = bytes.toString("utf8", textStart, end);
		let focus = column - 1;
		if (focus > 0 && text.length !== end - textStart)
			focus = bytes.toString("utf8", textStart, textStart + focus).length;
		if (lineNumber === 1 && text.startsWith("\uFEFF")) {
			text = text.slice(1);
			focus = Math.max(0, focus - 1);
		}
		if (isMatch) builder.match({ lineNumber, text, focus });
		else builder.contextLine({ lineNumber, text, focus: 0 });
	}
}
