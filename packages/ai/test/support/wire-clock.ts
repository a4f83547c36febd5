import { setTimeout as realDelay } from "node:timers/promises";
import { vi } from "vitest";
import type * as ProviderRunModule from "../../src/provider-run.js";

/** How often providers have told their run's watchdog about wire activity so far. */
let activityCount = 0;

/**
 * `provider-run.js` with every run's `activity()` counted, for a test file that uses
 * {@link onWireClock}:
 * `vi.mock(import("../../src/provider-run.js"), async (original) => (await import("../support/wire-clock.js")).countingActivity(await original()))`.
 */
export function countingActivity(module: typeof ProviderRunModule): typeof ProviderRunModule {
	return {
		...module,
		runProviderStream: (model, options, body) =>
			module.runProviderStream(model, options, (run) =>
				body({
					...run,
					activity: () => {
						activityCount += 1;
						run.activity();
					},
				}),
			),
	};
}

// Only a client that does not count what it reads takes this long to report it.
const ACTIVITY_WAIT_MS = 10_000;

/**
 * Runs `request` with the run's watchdog and the wire server's pauses (`chunkDelayMs`) on
 * one fake clock, which moves `stepMs` at a time and only after the client has reported
 * activity since the last move. So writes `stepMs` apart are `stepMs` apart for the
 * watchdog, however late a loaded machine lets the client read them. A write the client
 * does not count as activity holds the clock for {@link ACTIVITY_WAIT_MS}, then it moves
 * on and the idle timeout fires, as it would for a real client.
 */
export async function onWireClock<T>(stepMs: number, request: () => Promise<T>): Promise<T> {
	vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance"] });
	try {
		let settled = false;
		const result = request().finally(() => {
			settled = true;
		});
		let seen = activityCount;
		while (!settled) {
			const deadline = Date.now() + ACTIVITY_WAIT_MS;
			while (!settled && activityCount === seen && Date.now() < deadline) await realDelay(1);
			seen = activityCount;
			if (!settled) vi.advanceTimersByTime(stepMs);
		}
		return await result;
	} finally {
		vi.useRealTimers();
	}
}
