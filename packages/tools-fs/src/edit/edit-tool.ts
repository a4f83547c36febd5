import * as nodePath from "node:path";
import type { AgentTool, AgentToolResult } from "@kestrel/agent-core";
import { type Static, Type } from "typebox";
import { looksBinary } from "../content/detect.js";
import { decodeUtf8Exact } from "../content/text-format.js";
import { fsGuidelinesFor } from "../declarations/fs-guidelines.js";
import { editDisplay } from "../declarations/tool-declarations.js";
import { sha256 } from "../file-state/file-state-tracker.js";
import { isNotFound } from "../operations/errors.js";
import { writeFileAtomic } from "../shared/atomic-write.js";
import { readOnlyReason } from "../shared/permissions.js";
import { missingPathHint } from "../shared/suggest-paths.js";
import { createToolContext, type ToolContext } from "../shared/tool-context.js";
import { describeFailure, errorResult, textResult } from "../shared/tool-result.js";
import { firstChangedLine, unifiedDiff } from "../shared/unified-diff.js";
import { formatSize } from "../truncate/truncate.js";
import type { EditMatchDetails, EditToolDetails, EditToolOptions, FileStat } from "../types.js";
import { applyEdits } from "./apply-edits.js";
import { editEffects } from "./edit-effects.js";

/** Files larger than this are not edited in memory. */
const MAX_EDITABLE_BYTES = 64 * 1024 * 1024;
/** Attempts when the file changes on disk between reading and writing it. */
const MAX_ATTEMPTS = 3;
/** Lines of diff shown to the model after a non-exact match. */
const MAX_DIFF_LINES_SHOWN = 80;

const editItem = Type.Object({
	oldText: Type.String({
		description: "Text to replace, copied from the file, with enough surrounding lines to be unique",
	}),
	newText: Type.String({ description: "The text to put in its place" }),
	replaceAll: Type.Optional(
		Type.Boolean({
			description: "Replace every occurrence of oldText instead of exactly one (default false)",
		}),
	),
});

export const editParameters = Type.Object({
	path: Type.String({ description: "Path of the file: relative to the workspace root, or absolute" }),
	edits: Type.Array(editItem, {
		minItems: 1,
		description: "One or more replacements, each matched against the file as it was before this call",
	}),
});

export type EditArguments = Static<typeof editParameters>;

/** Short rules for a system prompt that offers the edit tool. */
export const editToolGuidelines = fsGuidelinesFor(["edit"]).join("\n");

/** Accepts `{oldText, newText}` (and `old_string`/`new_string`) at the top level, and `edits` sent as JSON text. */
export function prepareEditArguments(args: Record<string, unknown>): unknown {
	const { oldText, newText, replaceAll, old_string, new_string, replace_all, edits, ...rest } = args;
	let list: unknown = edits;
	if (typeof list === "string") {
		try {
			list = JSON.parse(list);
		} catch {
			// Left as it is: validation tells the model what is wrong.
		}
	}
	if (list === undefined && (oldText !== undefined || old_string !== undefined)) {
		const all = replaceAll ?? replace_all;
		list = [
			{
				oldText: oldText ?? old_string,
				newText: newText ?? new_string,
				...(all !== undefined && { replaceAll: all }),
			},
		];
	} else if (list !== null && typeof list === "object" && !Array.isArray(list)) {
		list = [list];
	}
	return { ...rest, edits: list };
}

export function createEditTool(
	root: string,
	options: EditToolOptions = {},
): AgentTool<typeof editParameters, EditToolDetails> {
	const context = createToolContext(root, options);
	const fuzzy = options.fuzzy ?? true;
	return {
		name: "edit",
		effects: editEffects,
		display: editDisplay,
		label: "Edit file",
		description:
			"Edit a file by replacing exact text: each edit's oldText must match one region of the file (or set " +
			"replaceAll), and is replaced by newText. Several edits in one call are matched against the original file " +
			"and must not overlap. Differences in line endings, quote and dash styles, special spaces, trailing " +
			"whitespace and indentation style are tolerated, and the file keeps its own. On a miss, the result shows the " +
			"most similar lines.",
		parameters: editParameters,
		prepareArguments: prepareEditArguments,
		execute: (_toolCallId, args, signal) => editFile(context, fuzzy, args, signal),
	};
}

async function editFile(
	context: ToolContext,
	fuzzy: boolean,
	args: EditArguments,
	signal: AbortSignal | undefined,
): Promise<AgentToolResult<EditToolDetails>> {
	let display = args.path;
	const failed = (text: string, extra: Partial<EditToolDetails> = {}) =>
		errorResult<EditToolDetails>(text, { path: display, edits: [], ...extra });
	try {
		if (args.path.endsWith("/") || args.path.endsWith(nodePath.sep)) {
			return failed(
				`${JSON.stringify(args.path)} ends with a slash, so it names a folder; edit changes files.`,
			);
		}
		const path = await context.paths.resolve(args.path, "write");
		display = path.display;
		const confine = path.confine;
		return await context.mutations.run(path.real, async () => {
			for (let attempt = 1; ; attempt++) {
				signal?.throwIfAborted();
				let stat: FileStat;
				try {
					stat = await context.operations.stat(path.real);
				} catch (error) {
					if (!isNotFound(error)) throw error;
					const hint = await missingPathHint(context.operations, path.absolute, (absolute) =>
						context.paths.display(absolute),
					);
					return failed(`${display} does not exist.${hint} To create a file, use write.`);
				}
				if (stat.kind !== "file") return failed(`${display} is not a regular file.`);
				const readOnly = readOnlyReason(stat, display);
				if (readOnly) return failed(readOnly);
				if (stat.size > MAX_EDITABLE_BYTES) {
					return failed(
						`${display} is ${formatSize(stat.size)}, too large to edit (limit ${formatSize(MAX_EDITABLE_BYTES)}).`,
					);
				}
				const bytes = await context.operations.readFile(path.real, signal, confine && { confine });
				if (looksBinary(bytes.subarray(0, 8192)))
					return failed(`${display} is a binary file; edit changes text files only.`);
				const before = decodeUtf8Exact(bytes);
				if (before === undefined) {
					return failed(
						`${display} is not valid UTF-8; editing it as text would alter bytes outside the edit.`,
					);
				}
				const result = applyEdits(before, args.edits, { fuzzy });
				if (!result.ok) return failed(result.message, { failure: result.failure });

				// Someone else (an editor, a formatter) wrote the file while we worked: start over on their version.
				const current = await context.operations.stat(path.real);
				if (current.mtimeMs !== stat.mtimeMs || current.size !== stat.size) {
					if (attempt < MAX_ATTEMPTS) continue;
					return failed(`${display} keeps changing on disk; try again when it is stable.`);
				}
				signal?.throwIfAborted();
				const output = new TextEncoder().encode(result.content);
				await writeFileAtomic(context.operations, path.real, output, stat.mode, confine);
				const written = await context.operations.stat(path.real);
				context.fileState.record(path.real, {
					mtimeMs: written.mtimeMs,
					size: written.size,
					sha256: sha256(output),
				});
				return success(display, before, result.content, result.edits);
			}
		});
	} catch (error) {
		return failed(describeFailure(error, display, signal));
	}
}

function success(
	display: string,
	before: string,
	after: string,
	edits: EditMatchDetails[],
): AgentToolResult<EditToolDetails> {
	const details: EditToolDetails = { path: display, edits };
	const diff = unifiedDiff(display, before, after);
	if (diff !== undefined) details.diff = diff;
	const firstLine = firstChangedLine(before, after);
	if (firstLine !== undefined) details.firstChangedLine = firstLine;

	const ranges = edits.map((edit) => {
		const lines =
			edit.startLine === edit.endLine ? `line ${edit.startLine}` : `lines ${edit.startLine}-${edit.endLine}`;
		return edit.occurrences > 1 ? `${edit.occurrences} places from ${lines}` : lines;
	});
	const summary =
		edits.length === 1
			? `Edited ${display} (${ranges[0]}).`
			: `Edited ${display}: ${edits.length} edits (${ranges.join("; ")}).`;
	const adapted = edits.filter((edit) => edit.kind !== "exact");
	if (adapted.length === 0) return textResult(summary, details);

	const notes = adapted.map((edit) => {
		const label = edits.length > 1 ? `Edit ${edit.index + 1}` : "The edit";
		return `${label} matched after allowing for ${edit.differences?.join(", ") || "formatting"}; the file's own characters were kept where your text did not change them.`;
	});
	const diffLines = diff?.split("\n").slice(2) ?? [];
	const shown = diffLines.slice(0, MAX_DIFF_LINES_SHOWN).join("\n");
	const more = diffLines.length > MAX_DIFF_LINES_SHOWN ? "\n…" : "";
	return textResult(`${summary}\n${notes.join("\n")}\nResulting change:\n${shown}${more}`, details);
}
