/**
 * What tools do to the world, declared by each tool so that permission policies decide
 * from the declaration instead of from tool names.
 */

/**
 * The strongest thing a tool's calls can do:
 * - `read`: only looks (files, state, the web when `openWorld`);
 * - `write`: changes files, and only the one that {@link ToolEffects.fileChange} names;
 * - `execute`: runs commands or does anything whose effect cannot be known in advance.
 *
 * Ordered: `read` < `write` < `execute`. A tool that declares nothing is `execute`.
 */
export type ToolEffectKind = "read" | "write" | "execute";

/**
 * The file a `write` call changes, as its tool computes it from the call's arguments:
 * enough for a policy to check the path and for a user interface to preview the change.
 */
export interface FileChange {
	/** The path as the model gave it (relative to the tool's working folder, or absolute). */
	path: string;
	/**
	 * The file's content after the call, from its content before (`undefined`: the file
	 * does not exist). Returns `undefined` when the call would fail and change nothing.
	 */
	after(before: string | undefined): string | undefined;
}

/**
 * A tool's declaration of its effects (`AgentTool.effects`). MCP tool annotations map
 * onto it: `readOnlyHint` → `read`, `openWorldHint` → `openWorld`, `destructiveHint` →
 * `destructive`.
 */
export interface ToolEffects {
	kind: ToolEffectKind;
	/**
	 * Reaches beyond the machine (the web, a remote service): a `read` that is `openWorld`
	 * can send what it was given to someone else, so policies treat it more strictly than
	 * a local read. Default `false`.
	 */
	openWorld?: boolean;
	/** May delete or overwrite data it did not create. Informative; default `false`. */
	destructive?: boolean;
	/**
	 * For `write` tools: the file one call changes, from the call's validated arguments;
	 * `undefined` when the arguments name none. Without it a `write` tool is treated as
	 * `execute`, since nobody can say what it changes.
	 */
	fileChange?(args: Record<string, unknown>): FileChange | undefined;
}

/** What one call does, as a permission policy sees it: {@link callEffect}'s answer. */
export type CallEffect =
	| { kind: "read"; openWorld: boolean }
	| { kind: "write"; change: FileChange }
	| { kind: "execute" };

/** The least a tool can be assumed to do when it declares nothing. */
const UNDECLARED: CallEffect = { kind: "execute" };

/**
 * What a call to a tool with these `effects` does with these arguments. A tool that
 * declares nothing, a `write` tool without `fileChange` (or whose `fileChange` names no
 * file or throws) and an unknown kind all count as `execute`, the strictest.
 */
export function callEffect(effects: ToolEffects | undefined, args: unknown): CallEffect {
	if (effects === undefined) return UNDECLARED;
	if (effects.kind === "read") return { kind: "read", openWorld: effects.openWorld === true };
	if (effects.kind === "write") {
		const record = typeof args === "object" && args !== null ? (args as Record<string, unknown>) : {};
		let change: FileChange | undefined;
		try {
			change = effects.fileChange?.(record);
		} catch {
			change = undefined;
		}
		return change === undefined || typeof change.path !== "string" || change.path === ""
			? UNDECLARED
			: { kind: "write", change };
	}
	return UNDECLARED;
}
