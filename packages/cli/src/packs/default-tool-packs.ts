/** One of kestrel's own tool packs: its package and how to import it. */
export interface OwnToolPack {
	spec: string;
	/** A literal dynamic import, so that the bundle keeps the pack in a chunk of its own, loaded when used. */
	load: () => Promise<Record<string, unknown>>;
}

/**
 * The tool-pack packages kestrel composes by default, in this order (which decides the
 * order of tools and of guidelines in the system prompt). kestrel names packages here,
 * never tools: each pack brings its tools, effects, guidelines and display. The
 * `toolPacks` setting adds more; `--tools` selects among them all.
 */
export const DEFAULT_TOOL_PACKS: readonly OwnToolPack[] = [
	{ spec: "@kestrel/tools-fs", load: () => import("@kestrel/tools-fs") },
	{ spec: "@kestrel/tools-shell", load: () => import("@kestrel/tools-shell") },
	{ spec: "@kestrel/tools-mcp", load: () => import("@kestrel/tools-mcp") },
];
