import type { AgentTool } from "../types.js";
import type { PackedTool } from "./tool-pack-set.js";

/** The answer of {@link selectTools}: the tools kept, and the names that matched nothing. */
export interface ToolSelection {
	tools: AgentTool[];
	unknown: string[];
}

/**
 * The tools a list of names keeps (`--tools`): a pack's name keeps all its tools, a tool's
 * name keeps that tool, and a name ending in `*` keeps the tools whose names start with
 * the rest (`mcp__github__*`). The order is the packs' order, not the list's. `undefined`
 * keeps everything; `[]` keeps nothing.
 */
export function selectTools(
	available: readonly PackedTool[],
	names: readonly string[] | undefined,
): ToolSelection {
	if (names === undefined) return { tools: available.map(({ tool }) => tool), unknown: [] };
	const matched = new Set<string>();
	const keep = available.filter(({ pack, tool }) => {
		const hits = names.filter(
			(name) =>
				name === pack.name ||
				name === tool.name ||
				(name.endsWith("*") && tool.name.startsWith(name.slice(0, -1))),
		);
		for (const name of hits) matched.add(name);
		return hits.length > 0;
	});
	return { tools: keep.map(({ tool }) => tool), unknown: names.filter((name) => !matched.has(name)) };
}
