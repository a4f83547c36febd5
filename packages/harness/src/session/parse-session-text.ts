import { createHash } from "node:crypto";
import { migrateSessionLines, OLDEST_SESSION_FORMAT_VERSION, type ParsedLine } from "./migrations.js";
import {
	type LoadIssue,
	SESSION_FORMAT_VERSION,
	type SessionEntry,
	SessionFormatError,
	type SessionHeader,
} from "./types.js";

/** A session file, read: what `SessionManager.open` builds a session from. */
export interface ParsedSession {
	/** In the current format version (migrated when the file is older). */
	header: SessionHeader;
	/** The valid entries in file order, migrated, with unknown parents re-parented to `null`. */
	entries: SessionEntry[];
	/** `lines[i]` is the 1-based line of `entries[i]` in the file (its header's line for added ones). */
	lines: number[];
	/** The lines skipped or repaired, in file order. */
	issues: LoadIssue[];
	/** The format version the file was written in. */
	version: number;
	/** Whether the file ends with a newline; if not, the next append must start with one. */
	endsWithNewline: boolean;
	/** The number of lines in the file, counting a last line without a newline. */
	lineCount: number;
}

const TREE_TYPES = new Set([
	"message",
	"model_change",
	"thinking_level_change",
	"compaction",
	"compaction_failed",
	"branch_summary",
	"custom",
	"custom_message",
]);

const isString = (value: unknown): value is string => typeof value === "string";
const isStringOrNull = (value: unknown) => value === null || typeof value === "string";
const isObject = (value: unknown): value is Record<string, unknown> =>
	typeof value === "object" && value !== null && !Array.isArray(value);

/** For each entry type, what its fields must be; a value names the first problem. */
const FIELD_CHECKS: Record<string, (entry: Record<string, unknown>) => string | undefined> = {
	message: (e) => (isObject(e.message) && isString(e.message.role) ? undefined : "message without a role"),
	model_change: (e) =>
		isString(e.provider) && isString(e.modelId) ? undefined : "provider or modelId missing",
	thinking_level_change: (e) => (isString(e.thinkingLevel) ? undefined : "thinkingLevel missing"),
	compaction: (e) =>
		isString(e.summary) && isStringOrNull(e.firstKeptEntryId) && typeof e.tokensBefore === "number"
			? undefined
			: "summary, firstKeptEntryId or tokensBefore missing",
	compaction_failed: () => undefined,
	branch_summary: (e) =>
		isString(e.summary) && isString(e.fromId) ? undefined : "summary or fromId missing",
	custom: (e) => (isString(e.customType) ? undefined : "customType missing"),
	custom_message: (e) =>
		isString(e.customType) && (isString(e.content) || Array.isArray(e.content))
			? undefined
			: "customType or content missing",
	label: (e) => (isString(e.targetId) && isStringOrNull(e.label) ? undefined : "targetId or label missing"),
	session_name: (e) => (isString(e.name) ? undefined : "name missing"),
	leaf: (e) => (isStringOrNull(e.targetId) ? undefined : "targetId missing"),
};

/**
 * Reads the bytes of a session file (UTF-8): one `JSON.parse` per line, linear in the
 * size. Lines are found by their newline bytes and each is decoded on its own (a newline
 * byte is never part of a multi-byte character, so a line's characters are decoded
 * whole), which spares building one string of the whole file. Bad lines are skipped and
 * reported as {@link LoadIssue}s; only a file without a valid header, or of a format
 * version newer than this package reads, throws {@link SessionFormatError} (with `path`
 * in its message).
 */
export function parseSessionBytes(bytes: Uint8Array, path: string): ParsedSession {
	const buffer = Buffer.isBuffer(bytes)
		? bytes
		: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
	return parseLines(new BufferLines(buffer), buffer.length === 0, path);
}

/** {@link parseSessionBytes} for a file's text already decoded: the same result for the same content. */
export function parseSessionText(text: string, path: string): ParsedSession {
	return parseLines(new TextLines(text), text.length === 0, path);
}

/** {@link parseSessionBytes} or {@link parseSessionText}, by the type of `content`. */
export function parseSessionContent(content: string | Uint8Array, path: string): ParsedSession {
	return typeof content === "string" ? parseSessionText(content, path) : parseSessionBytes(content, path);
}

/** The lines of a file, in order, each without its `\n`. */
interface LineReader {
	/** The next line, or `undefined` after the last one (a final `\n` does not start a line). */
	next(): string | undefined;
	/** Whether the line `next()` returned last was followed by a `\n` (only the last line may not be). */
	terminated: boolean;
}

/** Lines of UTF-8 bytes: newline offsets by `indexOf(10)`, each line decoded on its own. */
class BufferLines implements LineReader {
	terminated = true;
	private start = 0;

	constructor(private readonly buffer: Buffer) {}

	next(): string | undefined {
		const { buffer, start } = this;
		if (start >= buffer.length) return undefined;
		let end = buffer.indexOf(10, start);
		this.terminated = end !== -1;
		if (end === -1) end = buffer.length;
		this.start = end + 1;
		return buffer.toString("utf8", start, end);
	}
}

/** Lines of a string. */
class TextLines implements LineReader {
	terminated = true;
	private start = 0;

	constructor(private readonly text: string) {}

	next(): string | undefined {
		const { text, start } = this;
		if (start >= text.length) return undefined;
		let end = text.indexOf("\n", start);
		this.terminated = end !== -1;
		if (end === -1) end = text.length;
		this.start = end + 1;
		return text.slice(start, end);
	}
}

function parseLines(reader: LineReader, empty: boolean, path: string): ParsedSession {
	if (empty) throw new SessionFormatError(path, "the file is empty, so it is not a session file.");
	const headerValue = parseHeaderLine(reader.next() as string, path);
	const version = checkHeader(headerValue, path);
	const validator = new EntryValidator();
	// Current files are validated as they are parsed; older ones are collected for the migrations first.
	const old: ParsedLine[] | undefined =
		version < SESSION_FORMAT_VERSION ? [{ line: 1, value: headerValue }] : undefined;
	let line = 1;
	for (let raw = reader.next(); raw !== undefined; raw = reader.next()) {
		line++;
		if (raw.length === 0 || raw === "\r") continue;
		let value: unknown;
		try {
			value = JSON.parse(raw);
		} catch (error) {
			// Only the last line can lack its newline: cut off by a crash while it was written.
			validator.issues.push(
				reader.terminated
					? { line, kind: "malformed", message: `not JSON (${(error as Error).message}); skipped` }
					: { line, kind: "torn", message: "the last line was cut off (a crash while writing?); skipped" },
			);
			continue;
		}
		if (!isObject(value))
			validator.issues.push({ line, kind: "malformed", message: "not a JSON object; skipped" });
		else if (old) old.push({ line, value });
		else validator.accept(line, value);
	}
	const endsWithNewline = reader.terminated;
	let header = headerValue;
	if (old) {
		const migrated = migrateSessionLines(old, version, {
			newId: migrationIds(old, headerValue.id as string),
		});
		header = (migrated[0] as ParsedLine).value;
		for (let index = 1; index < migrated.length; index++) {
			const { line, value } = migrated[index] as ParsedLine;
			validator.accept(line, value);
		}
		validator.issues.sort((a, b) => a.line - b.line);
	}
	return {
		header: header as unknown as SessionHeader,
		entries: validator.entries,
		lines: validator.lines,
		issues: validator.issues,
		version,
		endsWithNewline,
		lineCount: line,
	};
}

function parseHeaderLine(raw: string, path: string): Record<string, unknown> {
	if (raw.length === 0) throw noHeader(path, "line 1 is empty");
	let value: unknown;
	try {
		value = JSON.parse(raw);
	} catch {
		throw noHeader(path, "line 1 is not JSON");
	}
	if (!isObject(value)) throw noHeader(path, "line 1 is not a JSON object");
	return value;
}

/**
 * Ids for entries a migration adds, derived from the session id: reading an old file twice
 * (read-only, then for writing) gives the same entries.
 */
function migrationIds(lines: readonly ParsedLine[], sessionId: string): () => string {
	const taken = new Set<string>();
	for (const { value } of lines) if (isString(value.id)) taken.add(value.id);
	let counter = 0;
	return () => {
		for (;;) {
			const id = createHash("sha256").update(`${sessionId}:${counter++}`).digest("hex").slice(0, 8);
			if (!taken.has(id)) {
				taken.add(id);
				return id;
			}
		}
	};
}

function noHeader(path: string, why: string): SessionFormatError {
	return new SessionFormatError(
		path,
		`not a session file: ${why}. A session file starts with a header line such as ` +
			`{"type":"session","version":${SESSION_FORMAT_VERSION},"id":"…","timestamp":"…","cwd":"…"}.`,
	);
}

function checkHeader(header: Record<string, unknown>, path: string): number {
	if (header.type !== "session") throw noHeader(path, `line 1 has type ${JSON.stringify(header.type)}`);
	const { version } = header;
	if (typeof version !== "number" || !Number.isInteger(version) || version < 1) {
		throw noHeader(path, "the header has no valid version");
	}
	if (!isString(header.id) || header.id === "") throw noHeader(path, "the header has no id");
	if (version > SESSION_FORMAT_VERSION) {
		throw new SessionFormatError(
			path,
			`written in session format version ${version}, but this version of @kestrel/harness reads versions ` +
				`${OLDEST_SESSION_FORMAT_VERSION} to ${SESSION_FORMAT_VERSION}. Upgrade @kestrel/harness to open it.`,
		);
	}
	if (version < OLDEST_SESSION_FORMAT_VERSION) {
		throw new SessionFormatError(path, `session format version ${version} is no longer supported.`);
	}
	return version;
}

/** Accepts entries one by one, keeping the valid ones and reporting the rest. */
class EntryValidator {
	readonly entries: SessionEntry[] = [];
	readonly lines: number[] = [];
	readonly issues: LoadIssue[] = [];
	private readonly ids = new Set<string>();
	private readonly treeIds = new Set<string>();

	accept(line: number, value: Record<string, unknown>): void {
		const { type, id } = value;
		const check = isString(type) ? FIELD_CHECKS[type] : undefined;
		const isTree = TREE_TYPES.has(type as string);
		let problem: string | undefined;
		if (!check) problem = `unknown entry type ${JSON.stringify(type)}`;
		else if (!isString(id) || id === "") problem = "no id";
		else if (this.ids.has(id)) problem = `duplicate id ${id}`;
		else if (!isString(value.timestamp)) problem = "no timestamp";
		else if (isTree && !isStringOrNull(value.parentId)) problem = "no parentId";
		else problem = check(value);
		if (problem) {
			this.issues.push({ line, kind: "malformed", message: `${problem}; skipped` });
			return;
		}
		const entryId = id as string;
		let entry = value;
		if (isTree) {
			if (value.parentId !== null && !this.treeIds.has(value.parentId as string)) {
				this.issues.push({
					line,
					kind: "unknown_parent",
					message: `parent ${String(value.parentId)} of ${entryId} is not in the file; made a root`,
				});
				entry = { ...value, parentId: null };
			}
			this.treeIds.add(entryId);
		} else if ((type === "label" || type === "leaf") && value.targetId !== null) {
			if (!this.treeIds.has(value.targetId as string)) {
				this.issues.push({
					line,
					kind: "unknown_parent",
					message: `${type} ${entryId} points at ${String(value.targetId)}, which is not an earlier entry; skipped`,
				});
				return;
			}
		}
		this.ids.add(entryId);
		this.entries.push(entry as unknown as SessionEntry);
		this.lines.push(line);
	}
}
