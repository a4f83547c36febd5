import type { AgentToolResult } from "@kestrel/agent-core";
import { errorResult, textResult } from "../shared/tool-result.js";
import { formatCount, formatSize, type OutputBudget, plural } from "../truncate/truncate.js";
import type { GrepDetails } from "./grep-engine-options.js";
import type { GrepArguments } from "./grep-tool.js";
import type { SearchRecord } from "./line-searcher.js";

/** The bounds of grep's output that its notes name. */
export interface OutputSettings {
	maxBytes: number;
	maxLineLength: number;
	timeoutMs: number;
}

/** One record as a line of output: `path:line:text` for a match, `path-line-text` for context. */
export function formatRecord(display: string, record: SearchRecord): string {
	if (record.kind === "separator") return "--";
	const mark = record.kind === "match" ? ":" : "-";
	return `${display}${mark}${record.line}${mark}${record.text}`;
}

/** What a search cut short by the time limit found, and what to do about it. */
export function timedOutResult(
	args: GrepArguments,
	display: string,
	output: OutputBudget,
	details: GrepDetails,
	limit: number,
	settings: OutputSettings,
	where: string,
): AgentToolResult<GrepDetails> {
	const seconds = formatCount(Math.round(settings.timeoutMs / 100) / 10);
	const advice =
		"The pattern may need exponential time on some lines (nested repetition such as (a+)+, or .* next to other " +
		"repetition): simplify it, use literal: true for plain text, or narrow the path or glob.";
	if (details.matches.length === 0) {
		return errorResult(
			`grep stopped after its ${seconds} s time limit${where}, before finding any match for ${JSON.stringify(args.pattern)}. ${advice}`,
			details,
		);
	}
	const note = `[Search stopped after its ${seconds} s time limit${where}: there may be more matches. ${advice}]`;
	return textResult(formatOutput(args, display, output, details, limit, settings, note), details);
}

export function formatOutput(
	args: GrepArguments,
	display: string,
	output: OutputBudget,
	details: GrepDetails,
	limit: number,
	settings: OutputSettings,
	extraNote?: string,
): string {
	const notes: string[] = [];
	if (details.limitReached) {
		notes.push(
			`[${limit} matches limit reached. Use limit=${limit * 2} for more, or narrow the pattern, path or glob.]`,
		);
	}
	if (details.truncated)
		notes.push(`[${formatSize(settings.maxBytes)} output limit reached; narrow the search.]`);
	if (details.linesClipped) {
		notes.push(
			`[Lines longer than ${formatCount(settings.maxLineLength)} characters were clipped around the match; read the file for whole lines.]`,
		);
	}
	if (extraNote !== undefined) notes.push(extraNote);
	if (details.matches.length === 0) {
		if (details.binaryFilesSkipped > 0)
			notes.push(`[${plural(details.binaryFilesSkipped, "binary file")} not searched.]`);
		const folder = display === "." ? "the workspace" : display;
		const where = args.glob ? `${folder} (files matching ${JSON.stringify(args.glob)})` : folder;
		return [`No matches for ${JSON.stringify(args.pattern)} in ${where}.`, ...notes].join("\n");
	}
	const body = output.text();
	return notes.length === 0 ? body : `${body}\n\n${notes.join("\n")}`;
}
