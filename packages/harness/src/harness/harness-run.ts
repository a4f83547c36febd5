import type { RunStart } from "@kestrel/agent-core";
import type { AttemptDriver } from "./attempt-driver.js";
import { newAttempts } from "./attempts.js";
import type { ListenerFailures } from "./listener-failures.js";
import type { ModelControl } from "./model-control.js";
import { failureOutcome } from "./run-failure.js";
import type { SessionCursor } from "./session-cursor.js";
import type { HarnessEvent, HarnessOutcome } from "./types.js";

/** What one run needs from the harness around it. */
export interface HarnessRunHost {
	driver: AttemptDriver;
	models: ModelControl;
	cursor: SessionCursor;
	failures: ListenerFailures;
	emit(event: HarnessEvent): Promise<void>;
}

/**
 * The harness's run, as the run shell calls it with the busy gate closed: one
 * `agent_start`, the attempts (retries, compactions), one `agent_end`. Whatever fails
 * inside becomes the outcome; a listener's throw is rethrown once the listeners have seen
 * the run end. Afterwards a model change asked for too late for this run is applied.
 */
export async function runHarnessPrompt(host: HarnessRunHost, start: RunStart): Promise<HarnessOutcome> {
	const attempts = newAttempts(start.signal);
	// A throw from before this run (a queue update while idle) is not this run's.
	host.failures.take();
	try {
		let outcome: HarnessOutcome;
		try {
			await host.emit({ type: "agent_start" });
			await host.driver.drive(attempts, start.prompts);
			outcome = attempts.outcome ?? { kind: "aborted" };
		} catch (error) {
			outcome = failureOutcome(error);
		}
		const { messages, stats } = attempts;
		const listenerFailure = host.failures.take();
		if (listenerFailure) {
			const failed = failureOutcome(listenerFailure.error);
			await host.emit({ type: "agent_end", messages, outcome: failed, stats }).catch(() => {});
			throw listenerFailure.error;
		}
		await host.emit({ type: "agent_end", messages, outcome, stats });
		return outcome;
	} finally {
		// A change asked for during a run that ended before another model call counts from the next prompt.
		if (host.models.selection.hasPending && !host.cursor.session.readOnly) await host.models.applyPending();
	}
}
