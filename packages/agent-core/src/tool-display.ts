/**
 * How user interfaces show a tool's calls and results, declared by the tool
 * (`AgentTool.display`) in terms that do not depend on any one interface: a terminal, an
 * HTML export and a web app all read the same declaration. A tool without one is shown
 * by the interface's generic renderer (its arguments as JSON, the first lines of its
 * result).
 */
import type { AgentToolResult } from "./types.js";

/** A block of text to show, and which end of it matters when it must be shortened. */
export interface TextView {
	kind: "text";
	text: string;
	/** `head` (default) keeps the first lines, `tail` the last (command output). */
	keep?: "head" | "tail";
}

/** A unified diff (`+`/`-` lines), shown with additions and removals coloured. */
export interface DiffView {
	kind: "diff";
	diff: string;
}

/** Something a user interface shows for a tool. */
export type ToolView = TextView | DiffView;

/** A tool's display declaration. Every member is optional; each throws at its own risk (interfaces fall back to the generic form). */
export interface ToolDisplay {
	/**
	 * One line that says what a call does, e.g. `$ npm test` or `src/app.ts (from line 40)`.
	 * Default: the arguments as JSON.
	 */
	summary?(args: Record<string, unknown>): string;
	/**
	 * What a finished call shows, e.g. an edit's diff from `details` or the last lines of
	 * command output. Default: the result's text, first lines.
	 */
	result?(result: AgentToolResult): ToolView | undefined;
	/**
	 * Short facts about a finished call for a header line, e.g. `exit 1`, `2.3 s`, `full
	 * output in /tmp/x.log`. Default: none.
	 */
	facts?(result: AgentToolResult): readonly string[];
	/** What a permission prompt shows before the call runs, e.g. the lines it would add. */
	preview?(args: Record<string, unknown>): ToolView | undefined;
}
