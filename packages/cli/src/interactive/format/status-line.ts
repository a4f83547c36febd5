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

/** What runs now, for the busy part of the status line (read by the status line's clock). */
export interface Activity {
	/** Milliseconds since the agent (or a command) started working. */
	elapsedMs: number;
	/** The tools running now, by name. */
	tools: readonly string[];
	/** Characters of the answer (and thinking) streamed so far, for an estimate of its tokens. */
	streamedChars: number;
}

/** The spinner's frames; one every {@link SPINNER_FRAME_MS}. */
export const SPINNER_FRAMES = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"] as const;
export const SPINNER_FRAME_MS = 120;

/**
 * `wire/claude-wire · thinking off · ctx 3% · 1.2k tok · $0.004 · ready`; while working,
 * the last part is a spinner with the elapsed time and what runs:
 * `⠙ working 12s · ~340 tok ↓ (1 queued) · Esc aborts`, or `⠙ running bash 3s · Esc aborts`.
 */
export function formatStatusLine(status: StatusInfo, activity?: Activity): string {
	const percent =
		status.contextWindow > 0 ? Math.round((status.contextTokens / status.contextWindow) * 100) : 0;
	return [
		status.model,
		`thinking ${status.thinkingLevel}`,
		`ctx ${percent}%`,
		`${formatTokens(status.totalTokens)} tok`,
		`$${status.cost.toFixed(status.cost < 1 ? 4 : 2)}`,
		status.working ? formatBusy(status, activity) : "ready",
	].join(" · ");
}

function formatBusy(status: StatusInfo, activity: Activity | undefined): string {
	const queued = status.queuedSteering + status.queuedFollowUp;
	const queue = queued > 0 ? ` (${queued} queued)` : "";
	if (!activity) return `working${queue} · Esc aborts`;
	const frame = SPINNER_FRAMES[Math.floor(activity.elapsedMs / SPINNER_FRAME_MS) % SPINNER_FRAMES.length];
	const seconds = `${Math.floor(activity.elapsedMs / 1000)}s`;
	const what = activity.tools.length > 0 ? `running ${[...new Set(activity.tools)].join(", ")}` : "working";
	// About four characters a token: an estimate until the provider reports the usage.
	const tokens =
		activity.streamedChars > 0 ? ` · ~${formatTokens(Math.ceil(activity.streamedChars / 4))} tok ↓` : "";
	return `${frame} ${what} ${seconds}${tokens}${queue} · Esc aborts`;
}

/** 950, 1.2k, 3.4M. */
export function formatTokens(tokens: number): string {
	if (tokens < 1000) return String(tokens);
	if (tokens < 1_000_000) return `${(tokens / 1000).toFixed(1)}k`;
	return `${(tokens / 1_000_000).toFixed(1)}M`;
}
