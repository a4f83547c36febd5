import type { BusyScope } from "@kestrel/agent-core";
import { summarizeHistory } from "../compaction/summarize.js";
import type { CompactionSettings, Summarizer } from "../compaction/types.js";
import type { SessionCursor } from "./session-cursor.js";
import type { HarnessEvent } from "./types.js";

/** What moving in the session tree needs. */
export interface NavigationHost {
	cursor: SessionCursor;
	/** The run shell: navigation takes its busy gate. */
	gate: { assertIdle(action: string): void; enterBusy(action: string): BusyScope };
	summarizer(): Summarizer;
	settings: CompactionSettings;
	emit(event: HarnessEvent): Promise<void>;
}

/**
 * Moves the harness's session to `targetId` (`null`: before the first entry). With
 * `summarize`, the branch being left is summarised first (busy meanwhile, so that no
 * prompt starts on the old branch) and the summary placed where the new branch starts;
 * if summarising fails, nothing moves and the error is thrown.
 */
export async function navigateTo(
	host: NavigationHost,
	targetId: string | null,
	options: { summarize?: boolean; signal?: AbortSignal },
): Promise<void> {
	host.gate.assertIdle("navigate");
	const { session } = host.cursor;
	const kept = new Set(targetId === null ? [] : session.getBranch(targetId).map((entry) => entry.id));
	const abandoned = session
		.getBranch()
		.filter((entry) => !kept.has(entry.id))
		.flatMap((entry) => (entry.type === "message" ? [entry.message] : []));
	if (!options.summarize || abandoned.length === 0) {
		session.branch(targetId);
	} else {
		const busy = host.gate.enterBusy("navigate");
		try {
			const signal = options.signal ? AbortSignal.any([options.signal, busy.signal]) : busy.signal;
			const { summary } = await summarizeHistory(
				{ messages: abandoned },
				host.summarizer(),
				host.settings,
				signal,
			);
			const entry = session.branchWithSummary(targetId, summary);
			await host.emit({ type: "entry_persisted", entry });
		} finally {
			busy.leave();
		}
	}
	host.cursor.claimLeaf();
}
