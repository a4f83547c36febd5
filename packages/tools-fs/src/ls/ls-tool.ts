import * as nodePath from "node:path";
import type { AgentTool, AgentToolResult } from "@kestrel/agent-core";
import { type Static, Type } from "typebox";
import { fsGuidelinesFor } from "../declarations/fs-guidelines.js";
import { lsDisplay, readsFiles } from "../declarations/tool-declarations.js";
import { isNotFound } from "../operations/errors.js";
import { missingPathHint } from "../shared/suggest-paths.js";
import { createToolContext, type ToolContext } from "../shared/tool-context.js";
import { describeFailure, errorResult, textResult } from "../shared/tool-result.js";
import { DEFAULT_MAX_BYTES, formatCount, formatSize, OutputBudget } from "../truncate/truncate.js";
import type { FileKind, FileStat, ListToolDetails, ListToolOptions } from "../types.js";
import { inheritedRules, withIgnoreFile } from "../walk/ignore-rules.js";

const DEFAULT_LIMIT = 500;
/** Ignored entries named in the note; the rest are counted. */
const IGNORED_NAMED = 10;

export const lsParameters = Type.Object({
	path: Type.Optional(Type.String({ description: "Folder to list (default: the workspace root)" })),
	limit: Type.Optional(Type.Integer({ minimum: 1, description: "Maximum number of entries to return" })),
});

export type ListArguments = Static<typeof lsParameters>;

/** Short rules for a system prompt that offers the ls tool. */
export const lsToolGuidelines = fsGuidelinesFor(["ls"]).join("\n");

export function createLsTool(
	root: string,
	options: ListToolOptions = {},
): AgentTool<typeof lsParameters, ListToolDetails> {
	const context = createToolContext(root, options);
	const settings = {
		defaultLimit: options.defaultLimit ?? DEFAULT_LIMIT,
		maxBytes: options.maxBytes ?? DEFAULT_MAX_BYTES,
	};
	return {
		name: "ls",
		effects: readsFiles,
		display: lsDisplay,
		label: "List folder",
		description:
			`List a folder's entries, sorted by name; folders end with /. Includes dotfiles; leaves out .git and ` +
			`entries ignored by .gitignore (named in a note). At most ${formatCount(settings.defaultLimit)} entries unless limit says otherwise.`,
		parameters: lsParameters,
		execute: (_toolCallId, args, signal) => listFolder(context, settings, args, signal),
	};
}

function compareNames(a: string, b: string): number {
	const left = a.toLowerCase();
	const right = b.toLowerCase();
	if (left !== right) return left < right ? -1 : 1;
	return a < b ? -1 : a > b ? 1 : 0;
}

async function listFolder(
	context: ToolContext,
	settings: { defaultLimit: number; maxBytes: number },
	args: ListArguments,
	signal: AbortSignal | undefined,
): Promise<AgentToolResult<ListToolDetails>> {
	let display = args.path ?? ".";
	const details = (): ListToolDetails => ({
		path: display,
		entries: [],
		total: 0,
		limitReached: false,
		ignored: [],
	});
	try {
		const path = await context.paths.resolve(args.path ?? ".", "read");
		display = path.display;
		let stat: FileStat;
		try {
			stat = await context.operations.stat(path.real);
		} catch (error) {
			if (!isNotFound(error)) throw error;
			const hint = await missingPathHint(context.operations, path.absolute, (absolute) =>
				context.paths.display(absolute),
			);
			return errorResult(`${display} does not exist.${hint}`, details());
		}
		if (stat.kind !== "directory") {
			return errorResult(
				`${display} is a file (${formatSize(stat.size)}), not a folder; use read to see it.`,
				details(),
			);
		}
		const rootReal = await context.paths.rootReal();
		const inherited = await inheritedRules(context.operations, rootReal, path.real);
		const rules = await withIgnoreFile(context.operations, inherited, path.real);
		signal?.throwIfAborted();

		const shown: string[] = [];
		const ignored: string[] = [];
		for (const entry of await context.operations.readdir(
			path.real,
			path.confine && { confine: path.confine },
		)) {
			if (entry.name === ".git") continue;
			const kind = await resolvedKind(context, nodePath.join(path.real, entry.name), entry.kind);
			const name = kind === "directory" ? `${entry.name}/` : entry.name;
			if (rules.ignores(nodePath.join(path.real, entry.name), kind === "directory")) ignored.push(name);
			else shown.push(name);
		}
		shown.sort(compareNames);
		ignored.sort(compareNames);

		const limit = args.limit ?? settings.defaultLimit;
		const budget = new OutputBudget(limit, settings.maxBytes);
		for (const name of shown) if (!budget.add(name)) break;
		const limitReached = budget.lines.length < shown.length;
		const notes: string[] = [];
		if (shown.length === 0)
			notes.push(ignored.length > 0 ? "(no entries besides ignored ones)" : "(empty folder)");
		if (limitReached) {
			const why =
				budget.exhaustedBy === "bytes"
					? `${formatSize(settings.maxBytes)} output limit`
					: `limit of ${limit}`;
			notes.push(
				`[Showing ${budget.lines.length} of ${shown.length} entries (${why}). Use limit=${Math.min(shown.length, limit * 2)} for more, or find to narrow down.]`,
			);
		}
		if (ignored.length > 0) {
			const named = ignored.slice(0, IGNORED_NAMED).join(", ");
			const more = ignored.length > IGNORED_NAMED ? ` and ${ignored.length - IGNORED_NAMED} more` : "";
			notes.push(`[Ignored by .gitignore, not listed: ${named}${more}]`);
		}
		const body = budget.text();
		const text = notes.length === 0 ? body : `${body}${body === "" ? "" : "\n\n"}${notes.join("\n")}`;
		return textResult(text, {
			path: display,
			entries: budget.lines,
			total: shown.length,
			limitReached,
			ignored,
		});
	} catch (error) {
		return errorResult(describeFailure(error, display, signal), details());
	}
}

/** A symbolic link counts as what it points to (a folder gets its `/`). */
async function resolvedKind(context: ToolContext, path: string, kind: FileKind): Promise<FileKind> {
	if (kind !== "symlink") return kind;
	try {
		return (await context.operations.stat(path)).kind;
	} catch {
		return "symlink";
	}
}
