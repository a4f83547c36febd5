import * as nodePath from "node:path";
import type { AgentTool, AgentToolResult } from "@kestrel/agent-core";
import { type Static, Type } from "typebox";
import { looksBinary, SNIFF_BYTES } from "../content/detect.js";
import { isNotFound } from "../operations/errors.js";
import { missingPathHint } from "../shared/suggest-paths.js";
import { createToolContext, type ToolContext } from "../shared/tool-context.js";
import { describeFailure, errorResult, textResult } from "../shared/tool-result.js";
import {
	clipLine,
	DEFAULT_MAX_BYTES,
	formatCount,
	formatSize,
	OutputBudget,
	plural,
} from "../truncate/truncate.js";
import type { FileOperations, FileStat, GrepMatch, GrepToolDetails, GrepToolOptions } from "../types.js";
import { compileGlob } from "../walk/glob.js";
import { inheritedRules } from "../walk/ignore-rules.js";
import { walk } from "../walk/walk.js";
import { compilePattern, type LinePattern } from "./compile-pattern.js";
import { LineSearcher, type SearchRecord } from "./line-searcher.js";

const DEFAULT_LIMIT = 100;
const DEFAULT_MAX_LINE_LENGTH = 500;
const DEFAULT_CONCURRENCY = 16;
const MAX_CONTEXT = 20;
const CHUNK_SIZE = 1024 * 1024;

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
	defaultLimit: number;
	maxBytes: number;
	maxLineLength: number;
	concurrency: number;
}

export function createGrepTool(
	root: string,
	options: GrepToolOptions = {},
): AgentTool<typeof grepParameters, GrepToolDetails> {
	const context = createToolContext(root, options);
	const settings: GrepSettings = {
		defaultLimit: options.defaultLimit ?? DEFAULT_LIMIT,
		maxBytes: options.maxBytes ?? DEFAULT_MAX_BYTES,
		maxLineLength: options.maxLineLength ?? DEFAULT_MAX_LINE_LENGTH,
		concurrency: Math.max(1, options.concurrency ?? DEFAULT_CONCURRENCY),
	};
	return {
		name: "grep",
		label: "Search file contents",
		description:
			"Search file contents for a regular expression (or plain text with literal). Returns matching lines as " +
			"path:line:text, sorted by path; with context, surrounding lines as path-line-text. Respects .gitignore, " +
			`skips .git and binary files. At most ${formatCount(settings.defaultLimit)} matches unless limit says ` +
			`otherwise; lines longer than ${formatCount(settings.maxLineLength)} characters are clipped around the match.`,
		parameters: grepParameters,
		execute: (_toolCallId, args, signal) => grep(context, settings, args, signal),
	};
}

interface FileResult {
	display: string;
	records: SearchRecord[];
	binary: boolean;
	/** True if the file had more matches than its searcher kept. */
	more: boolean;
}

/** Reads a file in chunks and feeds its lines to a searcher; stops once the searcher is done. */
async function searchFile(
	operations: FileOperations,
	path: string,
	pattern: LinePattern,
	contextLines: number,
	maxMatches: number,
	signal: AbortSignal,
): Promise<{ records: SearchRecord[]; binary: boolean; more: boolean }> {
	// The regexes keep scan state: each file gets its own copies.
	const searcher = new LineSearcher(
		{ scan: new RegExp(pattern.scan), line: new RegExp(pattern.line) },
		contextLines,
		maxMatches,
	);
	const decoder = new TextDecoder("utf-8");
	let carry = "";
	let first = true;
	for await (const chunk of operations.readStream(path, { chunkSize: CHUNK_SIZE, signal })) {
		if (first) {
			if (looksBinary(chunk.subarray(0, SNIFF_BYTES))) return { records: [], binary: true, more: false };
			first = false;
		}
		const text = carry + decoder.decode(chunk, { stream: true });
		const cut = text.lastIndexOf("\n");
		if (cut === -1) {
			carry = text;
			continue;
		}
		searcher.feed(text.slice(0, cut + 1));
		carry = text.slice(cut + 1);
		if (searcher.done) return { records: searcher.records, binary: false, more: true };
	}
	searcher.feed(carry + decoder.decode());
	return { records: searcher.records, binary: false, more: false };
}

async function grep(
	context: ToolContext,
	settings: GrepSettings,
	args: GrepArguments,
	signal: AbortSignal | undefined,
): Promise<AgentToolResult<GrepToolDetails>> {
	let display = args.path ?? ".";
	const details: GrepToolDetails = {
		path: display,
		matches: [],
		files: 0,
		limitReached: false,
		truncated: false,
		linesClipped: false,
		binaryFilesSkipped: 0,
	};
	const stop = new AbortController();
	const combined = signal ? AbortSignal.any([signal, stop.signal]) : stop.signal;
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
		const limit = args.limit ?? settings.defaultLimit;
		const contextLines = Math.min(args.context ?? 0, MAX_CONTEXT);
		const output = new OutputBudget(Number.MAX_SAFE_INTEGER, settings.maxBytes);
		let matches = 0;
		let stopped = false;

		/** Adds one file's records to the output; false once the output is full. */
		const consume = (result: FileResult): boolean => {
			if (result.binary) {
				details.binaryFilesSkipped++;
				return true;
			}
			if (result.records.length === 0) return true;
			if (contextLines > 0 && output.lines.length > 0 && !output.add("--")) return false;
			details.files++;
			for (const record of result.records) {
				if (record.kind === "match" && matches >= limit) {
					details.limitReached = true;
					return false;
				}
				const formatted = formatRecord(result.display, record, settings.maxLineLength);
				if (formatted.clipped) details.linesClipped = true;
				if (!output.add(formatted.line)) {
					details.truncated = true;
					return false;
				}
				if (record.kind === "match") {
					matches++;
					const match: GrepMatch = { path: result.display, line: record.line, text: formatted.text };
					details.matches.push(match);
				}
			}
			if (matches >= limit && result.more) details.limitReached = true;
			return !(matches >= limit && result.more);
		};
		const search = async (absolute: string, real: string): Promise<FileResult> => {
			const shown = context.paths.display(absolute);
			try {
				const found = await searchFile(
					context.operations,
					real,
					compiled.pattern,
					contextLines,
					limit,
					combined,
				);
				return { display: shown, ...found };
			} catch {
				// Unreadable files (permissions, vanished mid-walk) are skipped, as grep does.
				return { display: shown, records: [], binary: false, more: false };
			}
		};

		if (stat.kind !== "directory") {
			consume(await search(path.absolute, path.real));
		} else {
			const glob = args.glob ? compileGlob(args.glob) : undefined;
			const rules = await inheritedRules(context.operations, await context.paths.rootReal(), path.real);
			const pending: Promise<FileResult>[] = [];
			for await (const entry of walk(context.operations, path.real, { rules, signal: combined })) {
				if (entry.kind !== "file" || (glob && !glob.matches(entry.relative))) continue;
				pending.push(search(nodePath.join(path.absolute, entry.relative), entry.path));
				while (pending.length >= settings.concurrency && !stopped) stopped = !consume(await pending.shift()!);
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
		stop.abort();
		signal?.throwIfAborted();
		return textResult(formatOutput(args, display, output, details, limit, settings), details);
	} catch (error) {
		stop.abort();
		return errorResult(describeFailure(error, display, signal), details);
	}
}

function formatRecord(
	display: string,
	record: SearchRecord,
	maxLineLength: number,
): { line: string; text: string; clipped: boolean } {
	if (record.kind === "separator") return { line: "--", text: "", clipped: false };
	const clipped = clipLine(record.text, maxLineLength, record.kind === "match" ? record.column : 0);
	const mark = record.kind === "match" ? ":" : "-";
	return {
		line: `${display}${mark}${record.line}${mark}${clipped.text}`,
		text: clipped.text,
		clipped: clipped.clipped,
	};
}

function formatOutput(
	args: GrepArguments,
	display: string,
	output: OutputBudget,
	details: GrepToolDetails,
	limit: number,
	settings: GrepSettings,
): string {
	const notes: string[] = [];
	if (details.limitReached) {
		notes.push(
			`[${limit} matches limit reached. Use limit=${limit * 2} for more, or narrow the pattern, path or glob.]`,
		);
	}
	if (details.truncated)
		notes.push(`[${formatSize(settings.maxBytes)} output limit reached; narrow the search.]`);
	if (details.linesClipped) {
		notes.push(
			`[Lines longer than ${formatCount(settings.maxLineLength)} characters were clipped around the match; read the file for whole lines.]`,
		);
	}
	if (details.matches.length === 0) {
		if (details.binaryFilesSkipped > 0)
			notes.push(`[${plural(details.binaryFilesSkipped, "binary file")} not searched.]`);
		const folder = display === "." ? "the workspace" : display;
		const where = args.glob ? `${folder} (files matching ${JSON.stringify(args.glob)})` : folder;
		return [`No matches for ${JSON.stringify(args.pattern)} in ${where}.`, ...notes].join("\n");
	}
	const body = output.text();
	return notes.length === 0 ? body : `${body}\n\n${notes.join("\n")}`;
}
