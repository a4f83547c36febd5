import type { ThinkingLevel } from "@kestrel/ai";

/** What the status line shows; refreshed at turn ends and after commands, never per keystroke. */
export interface StatusInfo {
	model: string;
	thinkingLevel: ThinkingLevel;
	contextTokens: number;
	contextWindow: number;
	totalTokens: number;
	/** USD. */
	cost: number;
	working: boolean;
	queuedSteering: number;
	queuedFollowUp: number;
}

/** `wire/claude-wire · thinking off · ctx 3% · 1.2k tok · $0.004 · working (1 queued)`. */
export function formatStatusLine(status: StatusInfo): string {
	const percent =
		status.contextWindow > 0 ? Math.round((status.contextTokens / status.contextWindow) * 100) : 0;
	const queued = status.queuedSteering + status.queuedFollowUp;
	const state = status.working ? `working${queued > 0 ? ` (${queued} queued)` : ""} · Esc aborts` : "ready";
	return [
		status.model,
		`thinking ${status.thinkingLevel}`,
		`ctx ${percent}%`,
		`${formatTokens(status.totalTokens)} tok`,
		`$${status.cost.toFixed(status.cost < 1 ? 4 : 2)}`,
		state,
	].join(" · ");
}

/** 950, 1.2k, 3.4M. */
export function formatTokens(tokens: number): string {
	if (tokens < 1000) return String(tokens);
	if (tokens < 1_000_000) return `${(tokens / 1000).toFixed(1)}k`;
	return `${(tokens / 1_000_000).toFixed(1)}M`;
}
