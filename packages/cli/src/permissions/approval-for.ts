import type { ApproveMode } from "../args/cli-options.js";

/** What a permission mode says about one tool call. */
export type Approval = "allow" | "ask";

/** Tools that only look: they never need approval. */
export const READ_ONLY_TOOLS: ReadonlySet<string> = new Set(["read", "ls", "find", "grep"]);
/** Tools that change files, allowed by `edits`. */
export const EDIT_TOOLS: ReadonlySet<string> = new Set(["write", "edit"]);

/**
 * The permission policy, pure: `all` allows every call; `edits` allows the read-only
 * tools and file edits and asks for everything else (bash); `ask` allows only the
 * read-only tools. A tool Kestrel does not know is treated like bash.
 */
export function approvalFor(mode: ApproveMode, toolName: string): Approval {
	if (mode === "all" || READ_ONLY_TOOLS.has(toolName)) return "allow";
	if (mode === "edits" && EDIT_TOOLS.has(toolName)) return "allow";
	return "ask";
}
