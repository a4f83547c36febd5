/**
 * How any interface of kestrel shows a tool call, from the tool's own `display`
 * declaration, with a generic form for tools that declare nothing (or whose declaration
 * throws): the arguments as JSON, the result's text from its first lines, and a diff
 * when the result's `details` carry one. The terminal and the HTML export both use it,
 * so no interface names a tool.
 */
import type { AgentToolResult, ToolDisplay, ToolView } from "@kestrel/agent-core";

/** The display of a tool by name; `undefined` for tools this process does not know (a session from elsewhere). */
export type DisplayLookup = (toolName: string) => ToolDisplay | undefined;

/** Longest generic summary, in characters. */
const SUMMARY_MAX = 200;

/** One line that says what a call does. */
export function callSummary(display: ToolDisplay | undefined, args: Record<string, unknown>): string {
	const declared = attempt(() => display?.summary?.(args));
	if (typeof declared === "string") return oneLine(declared);
	return truncate(JSON.stringify(args) ?? "", SUMMARY_MAX);
}

/** What a finished call shows: the tool's view, else a diff from `details.diff`, else the text from its head. */
export function resultView(display: ToolDisplay | undefined, result: AgentToolResult): ToolView {
	if (!result.isError) {
		const declared = attempt(() => display?.result?.(result));
		if (declared !== undefined) return declared;
		const diff = diffOf(result.details);
		if (diff !== undefined) return { kind: "diff", diff };
	}
	return { kind: "text", keep: "head", text: resultText(result) };
}

/** Header facts of a finished call (exit status, duration), if the tool declares any. */
export function resultFacts(display: ToolDisplay | undefined, result: AgentToolResult): readonly string[] {
	return attempt(() => display?.facts?.(result)) ?? [];
}

/** What a permission prompt shows of a call before it runs; `undefined` when the tool says nothing. */
export function previewView(
	display: ToolDisplay | undefined,
	args: Record<string, unknown>,
): ToolView | undefined {
	return attempt(() => display?.preview?.(args));
}

/** The text parts of a result, joined by newlines (images are left to the caller). */
export function resultText(result: Pick<AgentToolResult, "content">): string {
	return result.content.flatMap((part) => (part.type === "text" ? [part.text] : [])).join("\n");
}

function diffOf(details: unknown): string | undefined {
	if (typeof details !== "object" || details === null) return undefined;
	const diff = (details as { diff?: unknown }).diff;
	return typeof diff === "string" && diff !== "" ? diff : undefined;
}

/** A declaration that throws is treated as absent: showing a call must never fail. */
function attempt<T>(run: () => T | undefined): T | undefined {
	try {
		return run();
	} catch {
		return undefined;
	}
}

function oneLine(text: string): string {
	return truncate(text.replace(/\s*\n\s*/g, " ⏎ "), SUMMARY_MAX);
}

function truncate(text: string, max: number): string {
	return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
