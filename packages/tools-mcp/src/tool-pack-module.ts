import { defineToolPack } from "@kestrel/agent-core";
import { mcpToolPack } from "./mcp-tool-pack.js";
import { McpSettingsSchema } from "./settings.js";

/**
 * The pack module for composition roots such as `kestrel`: it owns the `mcpServers`
 * settings key and builds {@link mcpToolPack} from it, with the session's working folder,
 * log folder, credentials to withhold and warning channel.
 */
export const toolPack = defineToolPack({
	name: "mcp",
	description: "Tools and prompts of MCP servers (stdio, Streamable HTTP, SSE)",
	settings: McpSettingsSchema,
	create: (context) =>
		mcpToolPack({
			servers: context.settings.mcpServers ?? {},
			cwd: context.cwd,
			logDir: context.logDir,
			secretVariables: context.secretVariables,
			warn: (message) => context.warn(message),
		}),
});
