import * as nodePath from "node:path";
import type { AgentTool, AgentToolResult } from "@kestrel/agent-core";
import { type Static, Type } from "typebox";
import { BOM, countLines, detectLineEnding, splitBom, withLineEnding } from "../content/text-format.js";
import { fsGuidelinesFor } from "../declarations/fs-guidelines.js";
import { writeDisplay, writeEffects } from "../declarations/tool-declarations.js";
import { sha256 } from "../file-state/file-state-tracker.js";
import { checkFreshness } from "../file-state/freshness.js";
import { isNotFound } from "../operations/errors.js";
import { writeFileAtomic } from "../shared/atomic-write.js";
import { readOnlyReason } from "../shared/permissions.js";
import { createToolContext, type ToolContext } from "../shared/tool-context.js";
import { describeFailure, errorResult, textResult } from "../shared/tool-result.js";
import { unifiedDiff } from "../shared/unified-diff.js";
import { formatSize, plural } from "../truncate/truncate.js";
import type { ConfineOptions, FileStat, WriteToolDetails, WriteToolOptions } from "../types.js";

/** Previous content up to this size is read for the diff in `details`. */
const MAX_DIFFED_BYTES = 1024 * 1024;
/** Bytes of a larger previous file sampled for its BOM and line endings. */
const SAMPLE_BYTES = 64 * 1024;

export const writeParameters = Type.Object({
	path: Type.String({ description: "Path of the file: relative to the workspace root, or absolute" }),
	content: Type.String({ description: "The complete content of the file" }),
});

export type WriteArguments = Static<typeof writeParameters>;

/** Short rules for a system prompt that offers the write tool. */
export const writeToolGuidelines = fsGuidelinesFor(["write"]).join("\n");

export function createWriteTool(
	root: string,
	options: WriteToolOptions = {},
): AgentTool<typeof writeParameters, WriteToolDetails> {
	const context = createToolContext(root, options);
	const settings = {
		requireRead: options.requireReadBeforeOverwrite ?? true,
		keepLineEndings: options.keepLineEndings ?? true,
	};
	return {
		name: "write",
		effects: writeEffects,
		display: writeDisplay,
		label: "Write file",
		description:
			"Write a file: create it (and its folders) or replace its whole content. The write is atomic and keeps " +
			"the file's permissions. An existing file must have been read first; prefer edit for changes to part of a file.",
		parameters: writeParameters,
		execute: (_toolCallId, args, signal) => writeFile(context, settings, args, signal),
	};
}

async function writeFile(
	context: ToolContext,
	settings: { requireRead: boolean; keepLineEndings: boolean },
	args: WriteArguments,
	signal: AbortSignal | undefined,
): Promise<AgentToolResult<WriteToolDetails>> {
	let display = args.path;
	const failed = (text: string) =>
		errorResult<WriteToolDetails>(text, { path: display, created: false, bytes: 0, lines: 0 });
	try {
		if (namesFolder(args.path)) {
			return failed(
				`${JSON.stringify(args.path)} ends with a slash, so it names a folder, not a file; nothing was written. ` +
					`Give the full path of the file, such as ${JSON.stringify(`${args.path}<file name>`)} (missing folders are created).`,
			);
		}
		const path = await context.paths.resolve(args.path, "write");
		display = path.display;
		const confine = path.confine;
		const confined: ConfineOptions | undefined = confine && { confine };
		return await context.mutations.run(path.real, async () => {
			signal?.throwIfAborted();
			const existing = await statIfExists(context, path.real);
			if (existing && existing.kind !== "file") {
				return failed(
					`${display} is ${existing.kind === "directory" ? "a folder" : "not a regular file"}; not written.`,
				);
			}
			const readOnly = existing && readOnlyReason(existing, display);
			if (readOnly) return failed(readOnly);
			let before: string | undefined;
			let content = args.content;
			const kept: ("crlf" | "bom")[] = [];
			if (existing) {
				const freshness = await checkFreshness(
					context.operations,
					context.fileState,
					path.real,
					existing,
					confine,
				);
				if (freshness.state === "stale") {
					return failed(
						`${display} changed on disk since you last read it (${freshness.reason}). ` +
							"Read it again before writing, so that those changes are not lost.",
					);
				}
				if (freshness.state === "unread" && settings.requireRead) {
					return failed(
						`${display} already exists and you have not read it. Read it first, then write it ` +
							"(or use edit to change part of it).",
					);
				}
				const previous = await readPrevious(context, path.real, existing, confined);
				if (existing.size <= MAX_DIFFED_BYTES) before = previous;
				if (settings.keepLineEndings) content = keepFormat(previous, content, kept);
			} else {
				await context.operations.mkdir(nodePath.dirname(path.real), confined);
			}
			signal?.throwIfAborted();
			const bytes = new TextEncoder().encode(content);
			await writeFileAtomic(context.operations, path.real, bytes, existing?.mode, confine);
			const written = await context.operations.stat(path.real);
			context.fileState.record(path.real, {
				mtimeMs: written.mtimeMs,
				size: written.size,
				sha256: sha256(bytes),
			});

			const lines = countLines(splitBom(content).text);
			const details: WriteToolDetails = { path: display, created: !existing, bytes: bytes.byteLength, lines };
			if (kept.length > 0) details.kept = kept;
			if (before !== undefined) {
				const diff = unifiedDiff(display, before, content);
				if (diff !== undefined) details.diff = diff;
			}
			const keptNote = kept.length > 0 ? ` Kept the file's ${kept.map(describeKept).join(" and ")}.` : "";
			const verb = existing ? "Overwrote" : "Created";
			return textResult(
				`${verb} ${display}: ${plural(lines, "line")}, ${formatSize(bytes.byteLength)}.${keptNote}`,
				details,
			);
		});
	} catch (error) {
		return failed(describeFailure(error, display, signal));
	}
}

/** A path that ends with a slash names a folder; resolving it would drop the slash. */
function namesFolder(path: string): boolean {
	return path.endsWith("/") || path.endsWith(nodePath.sep);
}

function describeKept(kept: "crlf" | "bom"): string {
	return kept === "crlf" ? "CRLF line endings" : "byte order mark";
}

async function statIfExists(context: ToolContext, path: string): Promise<FileStat | undefined> {
	try {
		return await context.operations.stat(path);
	} catch (error) {
		if (isNotFound(error)) return undefined;
		throw error;
	}
}

/** The previous content, or for a large file its first bytes: enough to tell its format. */
async function readPrevious(
	context: ToolContext,
	path: string,
	stat: FileStat,
	confined: ConfineOptions | undefined,
): Promise<string> {
	const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
	if (stat.size <= MAX_DIFFED_BYTES)
		return decoder.decode(await context.operations.readFile(path, undefined, confined));
	for await (const chunk of context.operations.readStream(path, { chunkSize: SAMPLE_BYTES, ...confined })) {
		return decoder.decode(chunk);
	}
	return "";
}

/** Gives LF-only new content the previous file's CRLF endings and BOM. */
function keepFormat(previous: string, content: string, kept: ("crlf" | "bom")[]): string {
	const { bom, text } = splitBom(previous);
	let result = content;
	if (detectLineEnding(text) === "\r\n" && result.includes("\n") && !result.includes("\r\n")) {
		result = withLineEnding(result, "\r\n");
		kept.push("crlf");
	}
	if (bom && !result.startsWith(BOM)) {
		result = BOM + result;
		kept.push("bom");
	}
	return result;
}
