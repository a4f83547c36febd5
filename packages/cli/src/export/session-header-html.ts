import type { SessionHeader } from "@kestrel/harness";
import type { TreeRow } from "../format/tree-rows.js";
import { escapeHtml } from "./escape-html.js";
import { jsonHtml } from "./message-html.js";
import { formatCost, formatTokens, type UsageTotals, usageTotals } from "./usage-totals.js";

/** A tool the agent was given, as the page lists it. */
export interface ExportedToolDefinition {
	name: string;
	description?: string;
	/** The JSON schema of its arguments. */
	parameters?: unknown;
}

/** What the page's header shows of a session. */
export interface SessionHeaderData {
	header: SessionHeader;
	path?: string;
	systemPrompt?: string;
	tools?: readonly ExportedToolDefinition[];
}

/**
 * The page's header: the title, one line of what the session is (when, where, how big,
 * what it cost), then folded: the session's details and usage table, the system prompt
 * and the tool definitions when the exporter knows them.
 */
export function sessionHeaderHtml(data: SessionHeaderData, title: string, rows: readonly TreeRow[]): string {
	const branches = rows.filter((row) => row.isTip).length;
	const all = usageTotals(rows.map((row) => row.entry));
	const current = usageTotals(rows.filter((row) => row.onCurrentPath).map((row) => row.entry));
	const summary = [
		shortDate(data.header.timestamp),
		data.header.cwd,
		`${rows.length} entries`,
		`${branches} branch${branches === 1 ? "" : "es"}`,
		`${all.turns} turn${all.turns === 1 ? "" : "s"}`,
		formatCost(all.cost),
	];
	const details = [
		`Session ${data.header.id} · started ${data.header.timestamp}`,
		`Folder: ${data.header.cwd}`,
		...(data.path ? [`File: ${data.path}`] : []),
	];
	return `<header class="session-header">
<h1>${escapeHtml(title)}</h1>
<p class="meta">${summary.map(escapeHtml).join(" · ")}</p>
<div class="foldouts">
<details class="session-details"><summary>Session details</summary>
${details.map((line) => `<p class="meta">${escapeHtml(line)}</p>`).join("\n")}
<table class="totals">
<thead><tr><th></th><th>turns</th><th>input</th><th>output</th><th>cache read</th><th>cache write</th><th>total tokens</th><th>cost</th></tr></thead>
<tbody>${totalsRow("Current branch", current)}${totalsRow("All branches", all)}</tbody>
</table>
</details>
${systemPromptHtml(data.systemPrompt)}${toolsHtml(data.tools)}</div>
</header>`;
}

function systemPromptHtml(prompt: string | undefined): string {
	if (prompt === undefined) return "";
	return `<details class="system-prompt"><summary>System prompt</summary><div class="plain">${escapeHtml(prompt)}</div></details>`;
}

function toolsHtml(tools: readonly ExportedToolDefinition[] | undefined): string {
	if (tools === undefined) return "";
	const items = tools.map((tool) => {
		const description = tool.description
			? `<div class="plain tool-description">${escapeHtml(tool.description)}</div>`
			: "";
		const parameters = tool.parameters === undefined ? "" : jsonHtml(tool.parameters);
		const first = tool.description?.split("\n", 1)[0] ?? "";
		return (
			`<details class="tool-definition"><summary><span class="tool-name">${escapeHtml(tool.name)}</span>` +
			`${first ? ` <span class="muted">${escapeHtml(first)}</span>` : ""}</summary>${description}${parameters}</details>`
		);
	});
	return `<details class="tool-definitions"><summary>Tools (${tools.length})</summary>${items.join("")}</details>`;
}

function totalsRow(name: string, totals: UsageTotals): string {
	const cells = [
		String(totals.turns),
		formatTokens(totals.input),
		formatTokens(totals.output),
		formatTokens(totals.cacheRead),
		formatTokens(totals.cacheWrite),
		formatTokens(totals.totalTokens),
		formatCost(totals.cost),
	];
	return `<tr><td>${name}</td>${cells.map((cell) => `<td>${cell}</td>`).join("")}</tr>`;
}

/** `2026-11-29 15:24 UTC` from an ISO time (UTC as stored); anything else as it is. */
function shortDate(timestamp: string): string {
	return /^\d{4}-\d\d-\d\dT\d\d:\d\d/.test(timestamp)
		? `${timestamp.slice(0, 10)} ${timestamp.slice(11, 16)}${timestamp.endsWith("Z") ? " UTC" : ""}`
		: timestamp;
}
