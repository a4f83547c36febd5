import type { EditRequest } from "@kestrel/tools-fs";

/**
 * What one tool call does, as the permission policy sees it: it only looks, it changes the
 * file at `path` (to `content`, or by `edits`), or it runs something whose effects cannot
 * be known in advance.
 */
export type CallEffect =
	| { kind: "read" }
	| { kind: "write"; path: string; content?: string; edits?: readonly EditRequest[] }
	| { kind: "execute" };

/** A call's effect from its (validated) arguments. */
export type ToolEffects = (args: Record<string, unknown>) => CallEffect;

const reads: ToolEffects = () => ({ kind: "read" });
const executes: ToolEffects = () => ({ kind: "execute" });

/**
 * The effects of the tools `createTools` composes. The tool packs do not declare their
 * effects yet, so the composition root does; a tool missing here counts as `execute`,
 * the strictest.
 */
export const TOOL_EFFECTS: Readonly<Record<string, ToolEffects>> = {
	read: reads,
	ls: reads,
	find: reads,
	grep: reads,
	write: (args) => ({ kind: "write", path: String(args.path ?? ""), content: String(args.content ?? "") }),
	edit: (args) => ({
		kind: "write",
		path: String(args.path ?? ""),
		edits: Array.isArray(args.edits) ? (args.edits as EditRequest[]) : [],
	}),
	bash: executes,
};

/** The effect of a call to `toolName`; unknown tools execute. */
export function effectOf(toolName: string, args: unknown): CallEffect {
	const effects = Object.hasOwn(TOOL_EFFECTS, toolName) ? TOOL_EFFECTS[toolName] : undefined;
	const record = typeof args === "object" && args !== null ? (args as Record<string, unknown>) : {};
	return (effects ?? executes)(record);
}
