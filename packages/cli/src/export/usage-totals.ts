import type { AgentMessage } from "@kestrel/agent-core";
import type { Usage } from "@kestrel/ai";
import type { SessionEntry } from "@kestrel/harness";

/** Tokens and USD cost summed over assistant messages. */
export interface UsageTotals {
	/** Assistant messages counted. */
	turns: number;
	input: number;
	output: number;
	cacheRead: number;
	cacheWrite: number;
	totalTokens: number;
	cost: number;
}

/** The usage of an assistant message entry, if it is one. */
export function assistantUsage(entry: SessionEntry): Usage | undefined {
	if (entry.type !== "message") return undefined;
	const message = entry.message as AgentMessage;
	return message.role === "assistant" ? message.usage : undefined;
}

/** The usage of every assistant message among `entries`, added up. */
export function usageTotals(entries: Iterable<SessionEntry>): UsageTotals {
	const totals: UsageTotals = {
		turns: 0,
		input: 0,
		output: 0,
		cacheRead: 0,
		cacheWrite: 0,
		totalTokens: 0,
		cost: 0,
	};
	for (const entry of entries) {
		const usage = assistantUsage(entry);
		if (!usage) continue;
		totals.turns++;
		// Files are data: a hand-edited or foreign entry may lack a figure.
		totals.input += usage.input ?? 0;
		totals.output += usage.output ?? 0;
		totals.cacheRead += usage.cacheRead ?? 0;
		totals.cacheWrite += usage.cacheWrite ?? 0;
		totals.totalTokens += usage.totalTokens ?? 0;
		totals.cost += usage.cost?.total ?? 0;
	}
	return totals;
}

/** `12,345`. */
export function formatTokens(tokens: number): string {
	return Math.round(tokens).toLocaleString("en-US");
}

/** `$0.0123`: four decimals, because single turns often cost fractions of a cent. */
export function formatCost(cost: number): string {
	return `$${cost.toFixed(4)}`;
}
