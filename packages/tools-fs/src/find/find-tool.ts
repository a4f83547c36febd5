import type { AgentTool, AgentToolResult } from "@kestrel/agent-core";
import { type Static, Type } from "typebox";
import { fsGuidelinesFor } from "../declarations/fs-guidelines.js";
import { findDisplay, readsFiles } from "../declarations/tool-declarations.js";
import { isNotFound } from "../operations/errors.js";
import { createToolContext, type ToolContext } from "../shared/tool-context.js";
import { describeFailure, errorResult, textResult } from "../shared/tool-result.js";
import { DEFAULT_MAX_BYTES, formatCount, formatSize, OutputBudget } from "../truncate/truncate.js";
import type { FindToolDetails, FindToolOptions } from "../types.js";
import { compileGlob } from "../walk/glob.js";
import { inheritedRules } from "../walk/ignore-rules.js";
import { walk } from "../walk/walk.js";

const DEFAULT_LIMIT = 1000;

export const findParameters = Type.Object({
	pattern: Type.String({
		description: "Glob to match, e.g. '*.ts' (file names at any depth), 'src/**/*.test.ts' or '**/README*'",
	}),
	path: Type.Optional(Type.String({ description: "Folder to search in (default: the workspace root)" })),
	limit: Type.Optional(Type.Integer({ minimum: 1, description: "Maximum number of results" })),
});

export type FindArguments = Static<typeof findParameters>;

/** Short rules for a system prompt that offers the find tool. */
export const findToolGuidelines = fsGuidelinesFor(["find"]).join("\n");

export function createFindTool(
	root: string,
	options: FindToolOptions = {},
): AgentTool<typeof findParameters, FindToolDetails> {
	const context = createToolContext(root, options);
	const settings = {
		defaultLimit: options.defaultLimit ?? DEFAULT_LIMIT,
		maxBytes: options.maxBytes ?? DEFAULT_MAX_BYTES,
	};
	return {
		name: "find",
		effects: readsFiles,
		display: findDisplay,
		label: "Find files",
		description:
			"Find files and folders by glob, sorted by path. A pattern without / matches names at any depth ('*.ts'); " +
			"with / it matches the path below the searched folder ('src/**/*.ts'). Respects .gitignore and skips .git. " +
			`Paths are returned relative to the workspace root; folders end with /. At most ${formatCount(settings.defaultLimit)} results unless limit says otherwise.`,
		parameters: findParameters,
		execute: (_toolCallId, args, signal) => findFiles(context, settings, args, signal),
	};
}

async function findFiles(
	context: ToolContext,
	settings: { defaultLimit: number; maxBytes: number },
	args: FindArguments,
	signal: AbortSignal | undefined,
): Promise<AgentToolResult<FindToolDetails>> {
	let display = args.path ?? ".";
	const empty = (): FindToolDetails => ({
		path: display,
		matches: [],
		limitReached: false,
		truncated: false,
	});
	try {
		const path = await context.paths.resolve(args.path ?? ".", "read");
		display = path.display;
		try {
			const stat = await context.operations.stat(path.real);
			if (stat.kind !== "directory") return errorResult(`${display} is not a folder.`, empty());
		} catch (error) {
			if (isNotFound(error)) return errorResult(`${display} does not exist.`, empty());
			throw error;
		}
		const glob = compileGlob(args.pattern);
		const limit = args.limit ?? settings.defaultLimit;
		const budget = new OutputBudget(limit, settings.maxBytes);
		const rules = await inheritedRules(context.operations, await context.paths.rootReal(), path.real);
		let limitReached = false;
		const entries = walk(context.operations, path.real, {
			rules,
			...(signal !== undefined && { signal }),
			...(path.confine && { confine: path.confine }),
			descend: (entry) => glob.mayContain(entry.relative),
		});
		for await (const entry of entries) {
			if (!glob.matches(entry.relative)) continue;
			const shown = context.paths.display(`${path.absolute}/${entry.relative}`);
			if (!budget.add(entry.kind === "directory" ? `${shown}/` : shown)) {
				limitReached = true;
				break;
			}
		}
		const details: FindToolDetails = {
			path: display,
			matches: budget.lines,
			limitReached: limitReached && budget.exhaustedBy === "lines",
			truncated: budget.exhaustedBy === "bytes",
		};
		if (budget.lines.length === 0) {
			return textResult(
				`No files match ${JSON.stringify(args.pattern)} in ${display === "." ? "the workspace" : display} (files ignored by .gitignore are not searched).`,
				details,
			);
		}
		let text = budget.text();
		if (details.limitReached) {
			text += `\n\n[${limit} results limit reached. Use limit=${limit * 2} for more, or a narrower pattern or path.]`;
		} else if (details.truncated) {
			text += `\n\n[${formatSize(settings.maxBytes)} output limit reached. Use a narrower pattern or path.]`;
		}
		return textResult(text, details);
	} catch (error) {
		return errorResult(describeFailure(error, display, signal), empty());
	}
}
