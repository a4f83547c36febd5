import type { AgentTool } from "@kestrel/agent-core";
import type { ServerConnection } from "./server-connection.js";

/** The `mcp` command's text: each server, its state and how it runs, its tools and prompts. */
export function serversListing(
	connections: readonly ServerConnection[],
	tools: readonly AgentTool[],
	toolServers: ReadonlyMap<string, ServerConnection>,
): string {
	if (connections.length === 0)
		return 'No MCP servers are configured (add them under "mcpServers" in the settings).';
	const lines: string[] = [];
	for (const connection of connections) {
		const how = connection.resolved?.display ?? "";
		const via = connection.transportKind ? ` via ${connection.transportKind}` : "";
		lines.push(`${connection.name}: ${connection.state}${via}${how ? ` — ${how}` : ""}`);
		if (connection.detail) lines.push(...connection.detail.split("\n").map((line) => `  ${line}`));
		const own = tools.filter((tool) => toolServers.get(tool.name) === connection).map((tool) => tool.name);
		if (own.length > 0) lines.push(`  tools (${own.length}): ${own.join(", ")}`);
		if (connection.prompts.length > 0)
			lines.push(
				`  prompts (${connection.prompts.length}): ${connection.prompts.map((prompt) => prompt.name).join(", ")}`,
			);
		if (connection.logPath) lines.push(`  log: ${connection.logPath}`);
	}
	return lines.join("\n");
}
