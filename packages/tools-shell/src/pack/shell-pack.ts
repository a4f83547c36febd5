import { type AgentTool, defineToolPack, staticToolPack, type ToolPack } from "@kestrel/agent-core";
import { createBashTool } from "../bash/bash-tool.js";
import { bashToolGuidelines } from "../bash/guidelines.js";
import type { BashToolOptions } from "../bash/types.js";

/** The `bash` tool for one workspace as a tool pack named `shell`, with its guidelines. */
export function shellToolPack(root: string, options: BashToolOptions = {}): ToolPack {
	return staticToolPack("shell", [createBashTool(root, options) as unknown as AgentTool], () => [
		bashToolGuidelines,
	]);
}

/**
 * The `shell` pack for composition roots. Commands never see the variables the context
 * names as secret (provider keys and credentials), besides the standard key variables
 * the tool always removes.
 */
export const toolPack = defineToolPack({
	name: "shell",
	description: "Run shell commands in the workspace (bash)",
	create: ({ cwd, secretVariables }) => shellToolPack(cwd, { stripEnv: secretVariables }),
});
