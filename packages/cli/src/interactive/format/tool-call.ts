import { headLines, tailLines } from "./tail-lines.js";

/** One line of a tool's display and how to colour it. */
export interface StyledLine {
	text: string;
	tone?: "added" | "removed" | "dim" | "error";
}

/** How many lines of bash output, diffs and other results are shown. */
export const TOOL_OUTPUT_LINES = { bash: 12, diff: 40, other: 8 } as const;

/** A one-line summary of a call: `$ command` for bash, the path for file tools, else the arguments as JSON. */
export function formatToolArgs(name: string, args: Record<string, unknown>): string {
	const text = (value: unknown) => (typeof value === "string" ? value : JSON.stringify(value));
	if (name === "bash" && args.command !== undefined) return `$ ${text(args.command)}`;
	if (typeof args.path === "string" && ["read", "write", "edit", "ls"].includes(name)) {
		const range = name === "read" && args.offset !== undefined ? ` (from line ${text(args.offset)})` : "";
		return `${args.path}${range}`;
	}
	return truncate(JSON.stringify(args), 200);
}

/**
 * The result lines of a finished call: an edit's diff from its `details`, the last lines
 * of bash output, the first lines of anything else; errors whole-toned red.
 */
export function formatToolResult(
	name: string,
	resultText: string,
	details: unknown,
	isError: boolean,
): StyledLine[] {
	if (isError) {
		const { lines, omitted } = headLines(resultText, TOOL_OUTPUT_LINES.other);
		return [...lines.map((text) => ({ text, tone: "error" as const })), ...moreLine(omitted, "after")];
	}
	const diff = diffOf(details);
	if (name === "edit" && diff !== undefined) return formatDiff(diff, TOOL_OUTPUT_LINES.diff);
	if (name === "bash") {
		const { lines, omitted } = tailLines(resultText, TOOL_OUTPUT_LINES.bash);
		return [...moreLine(omitted, "before"), ...lines.map((text) => ({ text, tone: "dim" as const }))];
	}
	const { lines, omitted } = headLines(resultText, TOOL_OUTPUT_LINES.other);
	return [...lines.map((text) => ({ text, tone: "dim" as const })), ...moreLine(omitted, "after")];
}

/** A unified diff as coloured lines, bounded to `max`. */
export function formatDiff(diff: string, max: number): StyledLine[] {
	const { lines, omitted } = headLines(diff, max);
	const styled = lines.map((text): StyledLine => {
		if (text.startsWith("+") && !text.startsWith("+++")) return { text, tone: "added" };
		if (text.startsWith("-") && !text.startsWith("---")) return { text, tone: "removed" };
		return { text, tone: "dim" };
	});
	return [...styled, ...moreLine(omitted, "after")];
}

/** A preview of what a write or edit call would change, for the permission prompt. */
export function previewMutation(name: string, args: Record<string, unknown>, max = 16): StyledLine[] {
	if (name === "write" && typeof args.content === "string") {
		const { lines, omitted } = headLines(args.content, max);
		return [
			...lines.map((text) => ({ text: `+${text}`, tone: "added" as const })),
			...moreLine(omitted, "after"),
		];
	}
	if (name === "edit" && Array.isArray(args.edits)) {
		const diff: string[] = [];
		for (const edit of args.edits as { oldText?: unknown; newText?: unknown }[]) {
			if (typeof edit.oldText === "string") diff.push(...edit.oldText.split("\n").map((line) => `-${line}`));
			if (typeof edit.newText === "string") diff.push(...edit.newText.split("\n").map((line) => `+${line}`));
		}
		return formatDiff(diff.join("\n"), max);
	}
	return [];
}

function diffOf(details: unknown): string | undefined {
	if (typeof details !== "object" || details === null) return undefined;
	const diff = (details as { diff?: unknown }).diff;
	return typeof diff === "string" ? diff : undefined;
}

function moreLine(omitted: number, where: "before" | "after"): StyledLine[] {
	if (omitted === 0) return [];
	return [
		{ text: where === "before" ? `… ${omitted} earlier lines` : `… ${omitted} more lines`, tone: "dim" },
	];
}

function truncate(text: string, max: number): string {
	return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
