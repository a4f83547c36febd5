import * as nodePath from "node:path";
import type { AgentTool, AgentToolResult } from "@kestrel/agent-core";
import { type Static, Type } from "typebox";
import { looksBinary, SNIFF_BYTES } from "../content/detect.js";
import { grepDisplay, readsFiles } from "../declarations/tool-declarations.js";
import { isNotFound } from "../operations/errors.js";
import { PathAccessError } from "../paths/path-resolver.js";
import { missingPathHint } from "../shared/suggest-paths.js";
import { createToolContext, type ToolContext } from "../shared/tool-context.js";
import { describeFailure, errorResult, textResult } from "../shared/tool-result.js";
import { DEFAULT_MAX_BYTES, formatCount, OutputBudget } from "../truncate/truncate.js";
import type { ConfineOptions, FileOperations, FileStat, GrepMatch, GrepToolOptions } from "../types.js";
import { compileGlob } from "../walk/glob.js";
import { inheritedRules } from "../walk/ignore-rules.js";
import { walk } from "../walk/walk.js";
import { compilePattern } from "./compile-pattern.js";
import type { GrepDetails, GrepEngineOptions } from "./grep-engine-options.js";
import { formatOutput, formatRecord, timedOutResult } from "./grep-output.js";
import type { SearchRecord } from "./line-searcher.js";
import { type RipgrepEntry, searchWithRipgrep } from "./ripgrep/ripgrep-engine.js";
import { type SearchSession, SearchWorkerError, SearchWorkerPool, searchSettings } from "./search-worker.js";

const DEFAULT_LIMIT = 100;
const DEFAULT_MAX_LINE_LENGTH = 500;
const DEFAULT_CONCURRENCY = 16;
const MAX_CONTEXT = 20;
const CHUNK_SIZE = 1024 * 1024;
const DEFAULT_TIMEOUT_MS = 60_000;

export type { GrepDetails, GrepEngineOptions } from "./grep-engine-options.js";

export const grepParameters = Type.Object({
	pattern: Type.String({
		description: "Regular expression (JavaScript syntax) or, with literal, plain text",
	}),
	path: Type.Optional(Type.String({ description: "File or folder to search (default: the workspace root)" })),
	glob: Type.Optional(
		Type.String({ description: "Only search files matching this glob, e.g. '*.ts' or 'src/**/*.test.ts'" }),
	),
	ignoreCase: Type.Optional(Type.Boolean({ description: "Match case-insensitively (default false)" })),
	literal: Type.Optional(
		Type.Boolean({ description: "Treat the pattern as plain text, not a regex (default false)" }),
	),
	context: Type.Optional(
		Type.Integer({ minimum: 0, description: "Lines to show before and after each match (default 0)" }),
	),
	limit: Type.Optional(Type.Integer({ minimum: 1, description: "Maximum number of matching lines" })),
});

export type GrepArguments = Static<typeof grepParameters>;

/** Short rules for a system prompt that offers the grep tool. */
export const grepToolGuidelines =
	"Use grep to find where something is defined or used; narrow it with path and glob, and use context for surrounding lines.";

interface GrepSettings {
	ripgrep: boolean;
	ripgrepPath: string | undefined;
	defaultLimit: number;
	maxBytes: number;
	maxLineLength: number;
	concurrency: number;
	timeoutMs: number;
}

export function createGrepTool(
	root: string,
	options: GrepToolOptions & GrepEngineOptions = {},
): AgentTool<typeof grepParameters, GrepDetails> {
	const context = createToolContext(root, options);
	const workers = new SearchWorkerPool();
	const engine = options.engine ?? "auto";
	const settings: GrepSettings = {
		ripgrep: engine === "ripgrep" || (engine === "auto" && options.operations === undefined),
		ripgrepPath: options.ripgrepPath,
		defaultLimit: options.defaultLimit ?? DEFAULT_LIMIT,
		maxBytes: options.maxBytes ?? DEFAULT_MAX_BYTES,
		maxLineLength: options.maxLineLength ?? DEFAULT_MAX_LINE_LENGTH,
		concurrency: Math.max(1, options.concurrency ?? DEFAULT_CONCURRENCY),
		timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
	};
	return {
		name: "grep",
		effects: readsFiles,
		display: grepDisplay,
		label: "Search file contents",
		description:
			"Search file contents for a regular expression (or plain text with literal). Returns matching lines as " +
			"path:line:text, sorted by path; with context, surrounding lines as path-line-text. Respects .gitignore, " +
			`skips .git and binary files. At most ${formatCount(settings.defaultLimit)} matches unless limit says ` +
			`otherwise; lines longer than ${formatCount(settings.maxLineLength)} characters are clipped around the match.`,
		parameters: grepParameters,
		execute: (_toolCallId, args, signal) => grep(context, settings, workers, args, signal),
	};
}

interface FileResult {
	display: string;
	records: SearchRecord[];
	binary: boolean;
	/** True if the file's search stopped at the match limit before its end. */
	more: boolean;
}

type FileSearch = Omit<FileResult, "display">;

const NOTHING: FileSearch = { records: [], binary: false, more: false };

/**
 * Reads a file in chunks and has the worker search them, one chunk at a time (so a slow
 * pattern holds back reading, not memory); stops once the worker has enough matches.
 */
async function searchFile(
	operations: FileOperations,
	path: string,
	session: () => SearchSession,
	onOpen: (id: number) => void,
	signal: AbortSignal,
	confine: ConfineOptions["confine"],
): Promise<FileSearch> {
	const chunks = operations.readStream(path, { chunkSize: CHUNK_SIZE, signal, ...(confine && { confine }) });
	const iterator = chunks[Symbol.asyncIterator]();
	let searcher: SearchSession | undefined;
	let id = -1;
	let finished = false;
	try {
		const first = await iterator.next();
		if (first.done) return NOTHING;
		if (looksBinary(first.value.subarray(0, SNIFF_BYTES))) return { ...NOTHING, binary: true };
		searcher = session();
		id = searcher.open();
		onOpen(id);
		let chunk: Uint8Array = first.value;
		for (;;) {
			const next = await iterator.next();
			const reply = await searcher.send(id, chunk, next.done === true);
			if (reply.kind === "failed") throw new Error(reply.message);
			if (reply.kind === "result") {
				finished = true;
				return { records: reply.records, binary: false, more: reply.more };
			}
			if (next.done) throw new Error("grep's search worker did not answer the end of a file.");
			chunk = next.value;
		}
	} finally {
		if (searcher && !finished) searcher.cancel(id);
		await iterator.return?.();
	}
}

/** Why a search was cut short by grep's own time limit. */
class SearchTimeout extends Error {
	constructor(readonly milliseconds: number) {
		super(`grep stopped after ${milliseconds} ms`);
		this.name = "SearchTimeout";
	}
}

async function grep(
	context: ToolContext,
	settings: GrepSettings,
	workers: SearchWorkerPool,
	args: GrepArguments,
	signal: AbortSignal | undefined,
): Promise<AgentToolResult<GrepDetails>> {
	let display = args.path ?? ".";
	const details: GrepDetails = {
		path: display,
		matches: [],
		files: 0,
		limitReached: false,
		truncated: false,
		linesClipped: false,
		binaryFilesSkipped: 0,
	};
	const limit = args.limit ?? settings.defaultLimit;
	const output = new OutputBudget(Number.MAX_SAFE_INTEGER, settings.maxBytes);
	// `stop` ends what is in flight once the output is complete; `timeout` is grep's time limit.
	const stop = new AbortController();
	const timeout = new AbortController();
	const combined = AbortSignal.any([...(signal ? [signal] : []), stop.signal, timeout.signal]);
	let session: SearchSession | undefined;
	const openFiles = new Map<number, string>();
	const onAbort = () => void session?.close(combined.reason).catch(() => undefined);
	combined.addEventListener("abort", onAbort, { once: true });
	// The file the worker was on when the time ran out, to name it in the note.
	let busyAtTimeout: string | undefined;
	const timer = Number.isFinite(settings.timeoutMs)
		? setTimeout(() => {
				const busy = session?.busyWith();
				if (busy !== undefined) busyAtTimeout = openFiles.get(busy);
				timeout.abort(new SearchTimeout(settings.timeoutMs));
			}, settings.timeoutMs)
		: undefined;
	try {
		const compiled = compilePattern(args.pattern, {
			...(args.literal !== undefined && { literal: args.literal }),
			...(args.ignoreCase !== undefined && { ignoreCase: args.ignoreCase }),
		});
		if (!compiled.ok) return errorResult(compiled.message, details);
		const path = await context.paths.resolve(args.path ?? ".", "read");
		display = path.display;
		details.path = display;
		let stat: FileStat;
		try {
			stat = await context.operations.stat(path.real);
		} catch (error) {
			if (!isNotFound(error)) throw error;
			const hint = await missingPathHint(context.operations, path.absolute, (absolute) =>
				context.paths.display(absolute),
			);
			return errorResult(`${display} does not exist.${hint}`, details);
		}
		const contextLines = Math.min(args.context ?? 0, MAX_CONTEXT);
		// A file's records beyond the output bound could not be shown: the worker stops there.
		const bounds = {
			context: contextLines,
			maxMatches: limit,
			maxChars: settings.maxBytes,
			maxLineLength: settings.maxLineLength,
		};
		const startWorker = () => {
			session ??= workers.start(searchSettings(compiled.pattern, bounds));
			return session;
		};
		let matches = 0;
		let stopped = false;

		/** Adds one file's records to the output; false once the output is full. */
		const consume = (result: FileResult): boolean => {
			if (result.binary) {
				details.binaryFilesSkipped++;
				return true;
			}
			if (result.records.length === 0) return true;
			// Every file with records has a match: none of it can be shown (not even a `--`).
			if (matches >= limit) {
				details.limitReached = true;
				return false;
			}
			if (contextLines > 0 && output.lines.length > 0 && !output.add("--")) return false;
			details.files++;
			for (const record of result.records) {
				if (record.kind === "match" && matches >= limit) {
					details.limitReached = true;
					return false;
				}
				if (record.kind !== "separator" && record.clipped) details.linesClipped = true;
				if (!output.add(formatRecord(result.display, record))) {
					details.truncated = true;
					return false;
				}
				if (record.kind === "match") {
					matches++;
					const match: GrepMatch = { path: result.display, line: record.line, text: record.text };
					details.matches.push(match);
				}
			}
			if (matches >= limit && result.more) details.limitReached = true;
			return !(matches >= limit && result.more);
		};
		const search = async (absolute: string, real: string): Promise<FileResult> => {
			const shown = context.paths.display(absolute);
			let id: number | undefined;
			try {
				const found = await searchFile(
					context.operations,
					real,
					startWorker,
					(opened) => {
						id = opened;
						openFiles.set(opened, shown);
					},
					combined,
					path.confine,
				);
				return { display: shown, ...found };
			} catch (error) {
				// Aborts, the time limit, a failed worker and a link swapped out of the workspace end the search.
				if (combined.aborted || error instanceof SearchWorkerError || error instanceof PathAccessError)
					throw error;
				// Unreadable files (permissions, vanished mid-walk) are skipped, as grep does.
				return { display: shown, ...NOTHING };
			} finally {
				if (id !== undefined) openFiles.delete(id);
			}
		};
		/** Starts a file's search; a search left behind when the output is full may fail unobserved. */
		const start = (absolute: string, real: string): Promise<FileResult> => {
			const promise = search(absolute, real);
			promise.catch(() => undefined);
			return promise;
		};

		if (stat.kind !== "directory") {
			consume(await start(path.absolute, path.real));
		} else {
			const rootReal = await context.paths.rootReal();
			const found = settings.ripgrep
				? await searchWithRipgrep({
						rgPath: settings.ripgrepPath,
						operations: context.operations,
						rootReal,
						folder: path.real,
						confine: path.confine,
						pattern: args.pattern,
						compiled: compiled.pattern,
						literal: args.literal ?? false,
						glob: args.glob,
						context: contextLines,
						limit,
						maxLineLength: settings.maxLineLength,
						signal: combined,
					})
				: undefined;
			details.engine = found ? "ripgrep" : "javascript";
			if (found) {
				const resultOf = (entry: RipgrepEntry): FileResult | Promise<FileResult> => {
					if (entry.kind === "javascript")
						return start(
							nodePath.join(path.absolute, entry.relative),
							nodePath.join(path.real, entry.relative),
						);
					if (entry.kind === "binary") return { display: "", ...NOTHING, binary: true };
					const { relative, records, more } = entry.file;
					return {
						display: context.paths.display(nodePath.join(path.absolute, relative)),
						records,
						binary: false,
						more,
					};
				};
				for (const entry of found.entries) {
					// As the walk does: once the limit is reached, a further file could only add beyond it.
					if (matches >= limit) {
						details.limitReached = true;
						break;
					}
					if (!consume(await resultOf(entry))) break;
				}
				if (found.more && matches >= limit) details.limitReached = true;
			} else {
				const glob = args.glob ? compileGlob(args.glob) : undefined;
				const rules = await inheritedRules(context.operations, rootReal, path.real);
				const pending: Promise<FileResult>[] = [];
				const entries = walk(context.operations, path.real, {
					rules,
					signal: combined,
					...(path.confine && { confine: path.confine }),
				});
				for await (const entry of entries) {
					if (entry.kind !== "file" || (glob && !glob.matches(entry.relative))) continue;
					pending.push(start(nodePath.join(path.absolute, entry.relative), entry.path));
					while (pending.length >= settings.concurrency && !stopped)
						stopped = !consume(await pending.shift()!);
					if (stopped) break;
					// Matches already found elsewhere may have reached the limit: once the files
					// in flight are in, a further file could only add beyond it.
					if (matches >= limit) {
						details.limitReached = true;
						break;
					}
				}
				while (pending.length > 0 && !stopped) stopped = !consume(await pending.shift()!);
			}
		}
		stop.abort();
		signal?.throwIfAborted();
		return textResult(formatOutput(args, display, output, details, limit, settings), details);
	} catch (error) {
		stop.abort();
		if (timeout.signal.aborted && !signal?.aborted) {
			details.timedOut = true;
			const where = busyAtTimeout === undefined ? "" : ` while searching ${busyAtTimeout}`;
			return timedOutResult(args, display, output, details, limit, settings, where);
		}
		return errorResult(describeFailure(error, display, signal), details);
	} finally {
		clearTimeout(timer);
		combined.removeEventListener("abort", onAbort);
		await session?.close(stop.signal.reason).catch(() => undefined);
	}
}
