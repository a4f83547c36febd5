import type { AgentHarness, HarnessOutcome, Session } from "@kestrel/harness";

/** How a headless run ended. */
export interface PromptRun {
	outcome: HarnessOutcome;
	/** SIGINT arrived: the run was aborted. */
	interrupted: boolean;
}

/**
 * Runs one prompt to the end. The first SIGINT aborts the harness; the run is awaited
 * either way, the tool packs closed (their servers and processes stopped) and the session
 * closed, so the file stays valid and its lock is released.
 */
export async function runPrompt(harness: AgentHarness, session: Session, prompt: string): Promise<PromptRun> {
	let interrupted = false;
	const onInterrupt = () => {
		interrupted = true;
		harness.abort();
	};
	process.on("SIGINT", onInterrupt);
	process.on("SIGTERM", onInterrupt);
	try {
		const outcome = await harness.prompt(prompt);
		await harness.waitForIdle();
		return { outcome, interrupted };
	} finally {
		process.off("SIGINT", onInterrupt);
		process.off("SIGTERM", onInterrupt);
		await harness.dispose();
		await session.close();
	}
}

/** 0 for a completed run, 130 after SIGINT, 1 for anything else. */
export function exitCodeOf(run: PromptRun): number {
	if (run.interrupted || run.outcome.kind === "aborted") return 130;
	return run.outcome.kind === "error" ? 1 : 0;
}
