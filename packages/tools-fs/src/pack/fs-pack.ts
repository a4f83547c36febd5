import { type AgentTool, defineToolPack, staticToolPack, type ToolPack } from "@kestrel/agent-core";
import { fsGuidelinesFor } from "../declarations/fs-guidelines.js";
import { createFsTools, type FsToolsOptions } from "../fs-tools.js";

/**
 * The six file tools of one workspace as a tool pack named `fs`: read, write, edit, ls,
 * find and grep, each declaring its effects, with guidelines for the active ones only.
 */
export function fsToolPack(root: string, options: FsToolsOptions = {}): ToolPack {
	const tools = Object.values(createFsTools(root, options)) as AgentTool[];
	return staticToolPack("fs", tools, (active) => [
		fsGuidelinesFor(active.map((tool) => tool.name)).join("\n"),
	]);
}

/** The `fs` pack for composition roots (`kestrel` loads it by package name); it has no settings of its own. */
export const toolPack = defineToolPack({
	name: "fs",
	description: "Read, write and edit files; list folders, find files by name and search their contents",
	create: ({ cwd }) => fsToolPack(cwd),
});
