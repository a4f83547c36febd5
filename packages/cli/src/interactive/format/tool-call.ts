import type { ToolDisplay, ToolView } from "@kestrel/agent-core";
import { callSummary, previewView, resultFacts, resultView } from "../../format/tool-views.js";
import { diffLineText, numberDiffLines } from "./numbered-diff.js";
import { headLines, tailLines } from "./tail-lines.js";

/** One line of a tool's display and how to colour it. */
export interface StyledLine {
	text: string;
	tone?: "added" | "removed" | "dim" | "error";
}

/** How many lines of output are shown: the end of command-like output, diffs, the start of anything else. */
export const TOOL_OUTPUT_LINES = { tail: 12, diff: 40, head: 8 } as const;

/** A one-line summary of a call: the tool's own (`$ command`, a path), else the arguments as JSON. */
export function formatToolArgs(display: ToolDisplay | undefined, args: Record<string, unknown>): string {
	return callSummary(display, args);
}

/** A finished call as the terminal shows it. */
export interface FinishedCall {
	resultText: string;
	details: unknown;
	isError: boolean;
}

/**
 * The result lines of a finished call: its facts (exit status, duration), then its view
 * (an edit's diff, the last lines of command output, the first lines of anything else);
 * errors whole-toned red.
 */
export function formatToolResult(display: ToolDisplay | undefined, call: FinishedCall): StyledLine[] {
	const result = {
		content: [{ type: "text" as const, text: call.resultText }],
		details: call.details,
		isError: call.isError,
	};
	const facts = resultFacts(display, result);
	const header: StyledLine[] = facts.length === 0 ? [] : [{ text: facts.join(" · "), tone: "dim" }];
	const view = resultView(display, result);
	if (call.isError) {
		const { lines, omitted } = headLines(call.resultText, TOOL_OUTPUT_LINES.head);
		return [
			...header,
			...lines.map((text) => ({ text, tone: "error" as const })),
			...moreLine(omitted, "after"),
		];
	}
	return [...header, ...formatView(view)];
}

/** A view as coloured lines, bounded. */
export function formatView(view: ToolView): StyledLine[] {
	if (view.kind === "diff") return formatDiff(view.diff, TOOL_OUTPUT_LINES.diff);
	if (view.keep === "tail") {
		const { lines, omitted } = tailLines(view.text, TOOL_OUTPUT_LINES.tail);
		return [...moreLine(omitted, "before"), ...lines.map((text) => ({ text, tone: "dim" as const }))];
	}
	const { lines, omitted } = headLines(view.text, TOOL_OUTPUT_LINES.head);
	return [...lines.map((text) => ({ text, tone: "dim" as const })), ...moreLine(omitted, "after")];
}

/**
 * A diff as coloured lines, bounded to `max`. A unified diff's lines carry their line
 * numbers (from its `@@` hunk headers: the new file's for context and additions, the old
 * file's for removals), hunks apart by a `⋮`; a diff without hunk headers (`-`/`+` lines
 * whose place is unknown) is shown as it is.
 */
export function formatDiff(diff: string, max: number): StyledLine[] {
	const numbered = numberDiffLines(diff);
	if (numbered === undefined) {
		const { lines, omitted } = headLines(diff, max);
		const styled = lines.map((text): StyledLine => {
			if (text.startsWith("+") && !text.startsWith("+++")) return { text, tone: "added" };
			if (text.startsWith("-") && !text.startsWith("---")) return { text, tone: "removed" };
			return { text, tone: "dim" };
		});
		return [...styled, ...moreLine(omitted, "after")];
	}
	const shown = numbered.slice(0, max);
	const width = Math.max(1, ...shown.map((line) => String(line.number ?? "").length));
	const styled = shown.map(
		(line): StyledLine => ({
			text: diffLineText(line, width),
			tone: line.kind === "added" ? "added" : line.kind === "removed" ? "removed" : "dim",
		}),
	);
	return [...styled, ...moreLine(numbered.length - shown.length, "after")];
}

/** What the permission prompt shows of a call before it runs (the lines a write adds, an edit's changes), bounded to `max`. */
export function previewLines(view: ToolView | undefined, max = 16): StyledLine[] {
	if (view === undefined) return [];
	if (view.kind === "diff") return formatDiff(view.diff, max);
	const { lines, omitted } = headLines(view.text, max);
	return [...lines.map((text) => ({ text, tone: "dim" as const })), ...moreLine(omitted, "after")];
}

/** The preview of a call from its tool's display. */
export function previewMutation(
	display: ToolDisplay | undefined,
	args: Record<string, unknown>,
	max = 16,
): StyledLine[] {
	return previewLines(previewView(display, args), max);
}

function moreLine(omitted: number, where: "before" | "after"): StyledLine[] {
	if (omitted === 0) return [];
	return [
		{ text: where === "before" ? `… ${omitted} earlier lines` : `… ${omitted} more lines`, tone: "dim" },
	];
}
