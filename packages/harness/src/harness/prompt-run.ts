import type { Attempts } from "./attempts.js";
import { newAttempts } from "./attempts.js";
import type { BusyGate } from "./busy-gate.js";
import type { HarnessEvents } from "./harness-events.js";
import type { ModelControl } from "./model-control.js";
import { failureOutcome } from "./run-failure.js";
import type { SessionCursor } from "./session-cursor.js";
import type { HarnessOutcome } from "./types.js";

/** What a run needs from the harness around it. */
export interface RunHost {
	gate: BusyGate;
	events: HarnessEvents;
	models: ModelControl;
	cursor: SessionCursor;
}

/**
 * One prompt or continuation under the busy gate, between one `agent_start` and one
 * `agent_end`. Whatever fails inside becomes the outcome; a listener's throw is rethrown
 * once the listeners have seen the run end.
 */
export async function runExclusively(
	host: RunHost,
	action: string,
	body: (attempts: Attempts) => Promise<void>,
): Promise<HarnessOutcome> {
	const busy = host.gate.enter(action);
	const attempts = newAttempts(busy.signal);
	// A throw from before this run (a queue update while idle) is not this run's.
	host.events.takeListenerFailure();
	try {
		let outcome: HarnessOutcome;
		try {
			await host.events.emit({ type: "agent_start" });
			await body(attempts);
			outcome = attempts.outcome ?? { kind: "aborted" };
		} catch (error) {
			outcome = failureOutcome(error);
		}
		const { messages, stats } = attempts;
		const listenerFailure = host.events.takeListenerFailure();
		if (listenerFailure) {
			const failed = failureOutcome(listenerFailure.error);
			await host.events.emit({ type: "agent_end", messages, outcome: failed, stats }).catch(() => {});
			throw listenerFailure.error;
		}
		await host.events.emit({ type: "agent_end", messages, outcome, stats });
		return outcome;
	} finally {
		try {
			// A change asked for during a run that ended before another model call counts from the next prompt.
			if (host.models.selection.hasPending && !host.cursor.session.readOnly) await host.models.applyPending();
		} finally {
			busy.leave();
		}
	}
}
