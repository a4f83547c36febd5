import type { AgentTool } from "@kestrel/agent-core";
import { createFsTools } from "@kestrel/tools-fs";
import { createBashTool } from "@kestrel/tools-shell";
import { CliError } from "../cli-error.js";

/** Every tool name `--tools` accepts, in the order the agent gets them. */
export const TOOL_NAMES = ["read", "write", "edit", "ls", "find", "grep", "bash"] as const;

/**
 * The file tools and bash for `cwd`; `names` keeps only those (in {@link TOOL_NAMES}
 * order), `[]` gives none. An unknown name is a usage error that lists the valid ones.
 */
export function createTools(
	cwd: string,
	names?: readonly string[],
	/** More variables commands must not get: those `models.json` reads keys from. */
	keyVariables: readonly string[] = [],
): AgentTool[] {
	const unknown = (names ?? []).filter((name) => !(TOOL_NAMES as readonly string[]).includes(name));
	if (unknown.length > 0) {
		throw new CliError(
			`Unknown tool ${unknown.map((name) => `"${name}"`).join(", ")} in --tools; use ${TOOL_NAMES.join(",")}.`,
			2,
		);
	}
	if (names?.length === 0) return [];
	const fs = createFsTools(cwd);
	const all: Record<(typeof TOOL_NAMES)[number], AgentTool> = {
		read: fs.read as AgentTool,
		write: fs.write as AgentTool,
		edit: fs.edit as AgentTool,
		ls: fs.ls as AgentTool,
		find: fs.find as AgentTool,
		grep: fs.grep as AgentTool,
		bash: createBashTool(cwd, { stripEnv: keyVariables }) as unknown as AgentTool,
	};
	return TOOL_NAMES.filter((name) => names === undefined || names.includes(name)).map((name) => all[name]);
}
