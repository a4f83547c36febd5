import type { ToolResultMessage } from "@kestrel/ai";
import type { EditToolDetails, WriteToolDetails } from "@kestrel/tools-fs";
import type { BashToolDetails } from "@kestrel/tools-shell";
import { boundedTextHtml } from "./bounded-text-html.js";
import { contentHtml } from "./content-html.js";
import { diffHtml } from "./diff-html.js";
import { escapeHtml } from "./escape-html.js";

/** Lines of tool output shown before the rest is folded away. */
const OUTPUT_LINES = 40;

/**
 * A tool result: its text (bounded: the tail of command output, the head of anything
 * else), images, and what its `details` add — the diff of `edit` and `write`, the
 * command, exit status and saved full output of `bash`.
 */
export function toolResultHtml(message: ToolResultMessage): string {
	const parts: string[] = [];
	const details = isRecord(message.details) ? message.details : undefined;
	if (message.toolName === "bash" && details)
		parts.push(bashSummaryHtml(details as Partial<BashToolDetails>));
	const diff =
		(message.toolName === "edit" || message.toolName === "write") && details ? diffOf(details) : undefined;
	if (diff) parts.push(diffHtml(diff));
	// An edit's text only says it succeeded when the diff shows what changed.
	if (!diff || message.isError) {
		const keep = message.toolName === "bash" ? "tail" : "head";
		parts.push(
			contentHtml(message.content, (text) =>
				boundedTextHtml(text, { maxLines: OUTPUT_LINES, keep }, "tool-output"),
			),
		);
	}
	return parts.join("");
}

function bashSummaryHtml(details: Partial<BashToolDetails>): string {
	const facts: string[] = [];
	if (typeof details.command === "string") facts.push(`<code>$ ${escapeHtml(details.command)}</code>`);
	if (details.status === "exited") facts.push(`exit ${escapeHtml(String(details.exitCode))}`);
	else if (typeof details.status === "string") facts.push(escapeHtml(details.status.replace("_", " ")));
	if (typeof details.durationMs === "number") facts.push(`${(details.durationMs / 1000).toFixed(1)} s`);
	const output = details.output;
	if (output?.truncated) {
		const saved = output.fullOutputPath ? `; full output in ${escapeHtml(output.fullOutputPath)}` : "";
		facts.push(`showed ${output.shownLines} of ${output.totalLines} lines${saved}`);
	}
	return `<div class="bash-facts">${facts.join(" · ")}</div>`;
}

function diffOf(details: Record<string, unknown>): string | undefined {
	const diff = (details as Partial<EditToolDetails | WriteToolDetails>).diff;
	return typeof diff === "string" && diff !== "" ? diff : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
	return typeof value === "object" && value !== null;
}
