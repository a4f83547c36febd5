import type { AgentTool, AgentToolResult } from "@kestrel/agent-core";
import { type Static, Type } from "typebox";
import { describeBinary, detectImage, imageSize, looksBinary, SNIFF_BYTES } from "../content/detect.js";
import { fsGuidelinesFor } from "../declarations/fs-guidelines.js";
import { readDisplay, readsFiles } from "../declarations/tool-declarations.js";
import { isNotFound } from "../operations/errors.js";
import type { ResolvedPath } from "../paths/path-resolver.js";
import { missingPathHint } from "../shared/suggest-paths.js";
import { createToolContext, type ToolContext } from "../shared/tool-context.js";
import { describeFailure, errorResult, textResult } from "../shared/tool-result.js";
import { DEFAULT_MAX_BYTES, formatCount, formatSize } from "../truncate/truncate.js";
import type { FileStat, ReadToolDetails, ReadToolOptions } from "../types.js";
import { type ReadLinesResult, readLines } from "./read-lines.js";

const DEFAULT_MAX_LINES = 2000;
const DEFAULT_MAX_LINE_LENGTH = 2000;
/** 3.75 MB is 5 MB once base64-encoded, the per-image limit of the strictest provider API. */
const DEFAULT_MAX_IMAGE_BYTES = 3.75 * 1024 * 1024;
const CHUNK_SIZE = 64 * 1024;

export const readParameters = Type.Object({
	path: Type.String({ description: "Path of the file: relative to the workspace root, or absolute" }),
	offset: Type.Optional(
		Type.Integer({ minimum: 1, description: "Line number to start reading at (1-based)" }),
	),
	limit: Type.Optional(Type.Integer({ minimum: 1, description: "Maximum number of lines to read" })),
});

export type ReadArguments = Static<typeof readParameters>;

/** Short rules for a system prompt that offers the read tool. */
export const readToolGuidelines = fsGuidelinesFor(["read"]).join("\n");

export function createReadTool(
	root: string,
	options: ReadToolOptions = {},
): AgentTool<typeof readParameters, ReadToolDetails> {
	const context = createToolContext(root, options);
	const settings = {
		maxLines: options.maxLines ?? DEFAULT_MAX_LINES,
		maxBytes: options.maxBytes ?? DEFAULT_MAX_BYTES,
		maxLineLength: options.maxLineLength ?? DEFAULT_MAX_LINE_LENGTH,
		maxImageBytes: options.maxImageBytes ?? DEFAULT_MAX_IMAGE_BYTES,
		lineNumbers: options.lineNumbers ?? false,
	};
	return {
		name: "read",
		effects: readsFiles,
		display: readDisplay,
		label: "Read file",
		description: [
			"Read a file. Text comes back as lines, at most",
			`${formatCount(settings.maxLines)} lines or ${formatSize(settings.maxBytes)} per call (whichever comes first),`,
			"with a note that gives the offset to continue at; use offset and limit for large files.",
			`Lines longer than ${formatCount(settings.maxLineLength)} characters are clipped.`,
			"Images (PNG, JPEG, GIF, WebP) are returned as images; other binary files are described, not shown.",
		].join(" "),
		parameters: readParameters,
		execute: (_toolCallId, args, signal) => readFile(context, settings, args, signal),
	};
}

type ReadSettings = Required<
	Pick<ReadToolOptions, "maxLines" | "maxBytes" | "maxLineLength" | "maxImageBytes" | "lineNumbers">
>;

async function readFile(
	context: ToolContext,
	settings: ReadSettings,
	args: ReadArguments,
	signal: AbortSignal | undefined,
): Promise<AgentToolResult<ReadToolDetails>> {
	let display = args.path;
	const failed = (text: string, size = 0) =>
		errorResult<ReadToolDetails>(text, { path: display, kind: "text", size });
	try {
		const path = await context.paths.resolve(args.path, "read");
		display = path.display;
		let stat: FileStat;
		try {
			stat = await context.operations.stat(path.real);
		} catch (error) {
			if (!isNotFound(error)) throw error;
			const hint = await missingPathHint(context.operations, path.absolute, (absolute) =>
				context.paths.display(absolute),
			);
			return failed(`${display} does not exist.${hint}`);
		}
		if (stat.kind === "directory") return failed(`${display} is a folder; use ls to list it.`);
		if (stat.kind !== "file") return failed(`${display} is not a regular file.`);
		signal?.throwIfAborted();

		const details: ReadToolDetails = { path: display, kind: "text", size: stat.size };
		if (stat.size === 0) {
			context.fileState.record(path.real, { mtimeMs: stat.mtimeMs, size: 0, sha256: EMPTY_SHA256 });
			details.kind = "empty";
			if ((args.offset ?? 1) > 1) return failed(`${display} is empty; it has no line ${args.offset}.`);
			return textResult(`(${display} is empty)`, details);
		}

		const chunks = context.operations.readStream(path.real, {
			chunkSize: CHUNK_SIZE,
			...(signal !== undefined && { signal }),
			...(path.confine && { confine: path.confine }),
		});
		const iterator = chunks[Symbol.asyncIterator]();
		const first = await iterator.next();
		const head = first.done ? new Uint8Array(0) : first.value;

		const image = detectImage(head);
		if (image) {
			await iterator.return?.();
			return readImage(context, settings, path, stat, image, head);
		}
		if (looksBinary(head.subarray(0, SNIFF_BYTES))) {
			await iterator.return?.();
			const binary = describeBinary(head);
			details.kind = "binary";
			details.mimeType = binary.mimeType;
			context.fileState.record(path.real, { mtimeMs: stat.mtimeMs, size: stat.size });
			return textResult(
				`${display} is a binary file (${binary.name}, ${formatSize(stat.size)}); not shown.`,
				details,
			);
		}

		const startLine = args.offset ?? 1;
		const limited = args.limit !== undefined && args.limit <= settings.maxLines;
		const lines = await readLines(prepend(head, iterator, first.done === true), {
			startLine,
			maxLines: limited ? args.limit! : settings.maxLines,
			maxLinesReason: limited ? "limit" : "lines",
			maxBytes: settings.maxBytes,
			maxLineLength: settings.maxLineLength,
			lineNumbers: settings.lineNumbers,
		});
		context.fileState.record(path.real, {
			mtimeMs: stat.mtimeMs,
			size: stat.size,
			...(lines.sha256 !== undefined && { sha256: lines.sha256 }),
		});
		if (lines.totalLines !== undefined && startLine > lines.totalLines) {
			return failed(
				`offset ${startLine} is past the end of ${display}, which has ${formatCount(lines.totalLines)} lines.`,
				stat.size,
			);
		}
		return textResult(formatText(lines, settings, stat), fillDetails(details, lines));
	} catch (error) {
		return failed(describeFailure(error, display, signal));
	}
}

const EMPTY_SHA256 = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";

/** The first chunk, then the rest of the stream it came from. */
async function* prepend(
	head: Uint8Array,
	rest: AsyncIterator<Uint8Array>,
	done: boolean,
): AsyncGenerator<Uint8Array> {
	try {
		yield head;
		if (done) return;
		for (;;) {
			const next = await rest.next();
			if (next.done) return;
			yield next.value;
		}
	} finally {
		await rest.return?.();
	}
}

function fillDetails(details: ReadToolDetails, lines: ReadLinesResult): ReadToolDetails {
	if (lines.lastLine >= lines.firstLine) {
		details.startLine = lines.firstLine;
		details.endLine = lines.lastLine;
	}
	if (lines.totalLines !== undefined) details.totalLines = lines.totalLines;
	if (lines.nextOffset !== undefined) details.nextOffset = lines.nextOffset;
	if (lines.stoppedBy !== undefined) details.truncatedBy = lines.stoppedBy;
	if (lines.clippedLines.length > 0) details.clippedLines = lines.clippedLines.map((clipped) => clipped.line);
	return details;
}

function formatText(lines: ReadLinesResult, settings: ReadSettings, stat: FileStat): string {
	const notes: string[] = [];
	if (lines.clippedLines.length > 0) {
		const described = lines.clippedLines
			.slice(0, 5)
			.map((clipped) => `line ${clipped.line} (${formatSize(clipped.bytes)})`)
			.join(", ");
		const more = lines.clippedLines.length > 5 ? ` and ${lines.clippedLines.length - 5} more` : "";
		notes.push(
			`[Clipped to ${formatCount(settings.maxLineLength)} characters: ${described}${more}. ` +
				"To see text further into such a line, grep for it: grep shows the part of a long line around each match.]",
		);
	}
	if (lines.nextOffset !== undefined) {
		const range = `Showing lines ${lines.firstLine}-${lines.lastLine}`;
		const why =
			lines.stoppedBy === "lines"
				? ` (${formatCount(settings.maxLines)}-line limit per read)`
				: lines.stoppedBy === "bytes"
					? ` (${formatSize(settings.maxBytes)} limit per read)`
					: "";
		notes.push(
			`[${range}${why} of a ${formatSize(stat.size)} file; more lines follow. Use offset=${lines.nextOffset} to continue.]`,
		);
	}
	const body = lines.lines.join("\n");
	return notes.length === 0 ? body : `${body}\n\n${notes.join("\n")}`;
}

async function readImage(
	context: ToolContext,
	settings: ReadSettings,
	resolved: ResolvedPath,
	stat: FileStat,
	mimeType: NonNullable<ReturnType<typeof detectImage>>,
	head: Uint8Array,
): Promise<AgentToolResult<ReadToolDetails>> {
	const { real: path, display } = resolved;
	const size = imageSize(head, mimeType);
	const details: ReadToolDetails = {
		path: display,
		kind: "image",
		size: stat.size,
		mimeType,
		attached: false,
	};
	if (size) {
		details.width = size.width;
		details.height = size.height;
	}
	const dimensions = size ? `, ${size.width}x${size.height}` : "";
	context.fileState.record(path, { mtimeMs: stat.mtimeMs, size: stat.size });
	if (stat.size > settings.maxImageBytes) {
		return textResult(
			`${display} is an image (${mimeType}${dimensions}, ${formatSize(stat.size)}), larger than the ` +
				`${formatSize(settings.maxImageBytes)} that can be attached; not shown. A smaller copy (fewer pixels, or JPEG) can be read.`,
			details,
		);
	}
	const data = await context.operations.readFile(
		path,
		undefined,
		resolved.confine && { confine: resolved.confine },
	);
	details.attached = true;
	return {
		content: [
			{ type: "text", text: `${display}: image (${mimeType}${dimensions}, ${formatSize(stat.size)})` },
			{
				type: "image",
				data: Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString("base64"),
				mimeType,
			},
		],
		details,
	};
}
