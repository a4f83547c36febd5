/**
 * What each file tool does to the world and how interfaces show it (`effects` and
 * `display` of the agent-core contract), kept apart from the tools' code so that a tool
 * file stays about doing its job. `edit`'s effects apply its edits, so they live with
 * them (`edit/edit-effects.ts`).
 */
import type { AgentToolResult, ToolDisplay, ToolEffects, ToolView } from "@kestrel/agent-core";

const text = (value: unknown): string => (typeof value === "string" ? value : JSON.stringify(value));

/** Reads: `read`, `ls`, `find`, `grep` only look at files under the workspace. */
export const readsFiles: ToolEffects = { kind: "read" };

/** `write`: the file it names gets `content`. */
export const writeEffects: ToolEffects = {
	kind: "write",
	destructive: true,
	fileChange: (args) =>
		typeof args.path === "string" && typeof args.content === "string"
			? { path: args.path, after: () => args.content as string }
			: undefined,
};

/** An edit's or write's diff from its details, when the tool produced one. */
function diffResult(result: AgentToolResult): ToolView | undefined {
	const details = result.details;
	if (typeof details !== "object" || details === null) return undefined;
	const diff = (details as { diff?: unknown }).diff;
	return typeof diff === "string" && diff !== "" ? { kind: "diff", diff } : undefined;
}

const pathOr = (args: Record<string, unknown>, fallback: string) =>
	typeof args.path === "string" && args.path !== "" ? args.path : fallback;

export const readDisplay: ToolDisplay = {
	summary: (args) =>
		`${pathOr(args, "?")}${args.offset === undefined ? "" : ` (from line ${text(args.offset)})`}`,
};

export const writeDisplay: ToolDisplay = {
	summary: (args) => pathOr(args, "?"),
	preview: (args) =>
		typeof args.content === "string"
			? {
					kind: "diff",
					diff: args.content
						.replace(/\n$/, "")
						.split("\n")
						.map((line) => `+${line}`)
						.join("\n"),
				}
			: undefined,
	result: diffResult,
};

export const editDisplay: ToolDisplay = {
	summary: (args) => pathOr(args, "?"),
	preview: (args) => {
		if (!Array.isArray(args.edits)) return undefined;
		const lines: string[] = [];
		for (const edit of args.edits as { oldText?: unknown; newText?: unknown }[]) {
			if (typeof edit.oldText === "string") lines.push(...edit.oldText.split("\n").map((line) => `-${line}`));
			if (typeof edit.newText === "string") lines.push(...edit.newText.split("\n").map((line) => `+${line}`));
		}
		return { kind: "diff", diff: lines.join("\n") };
	},
	result: diffResult,
};

export const lsDisplay: ToolDisplay = { summary: (args) => pathOr(args, ".") };

export const findDisplay: ToolDisplay = {
	summary: (args) => `${text(args.pattern)} in ${pathOr(args, ".")}`,
};

export const grepDisplay: ToolDisplay = {
	summary: (args) =>
		`/${text(args.pattern)}/ in ${pathOr(args, ".")}${typeof args.glob === "string" ? ` (${args.glob})` : ""}`,
};
