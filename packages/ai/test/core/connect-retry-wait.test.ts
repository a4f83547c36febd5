import { afterEach, describe, expect, it, type MockInstance, vi } from "vitest";
import { runProviderStream } from "../../src/provider-run.js";
import { createFauxProvider } from "../../src/testing/faux-provider.js";

const hosted = createFauxProvider().model({ provider: "wire-provider", api: "custom" });
/** Neither watchdog timer is armed: the only timers are the waits before retries. */
const NO_WATCHDOG = { apiKey: "k", firstByteTimeoutMs: 0, idleTimeoutMs: 0 };

/** What undici and the SDKs throw when the socket closed before the response. */
function closedBeforeResponse(): Error {
	const socket = Object.assign(new Error("other side closed"), {
		name: "SocketError",
		code: "UND_ERR_SOCKET",
	});
	class APIConnectionError extends Error {}
	return new APIConnectionError("Connection error.", {
		cause: new TypeError("fetch failed", { cause: socket }),
	});
}

let timers: MockInstance<typeof setTimeout>;

/** Fake timers; `timers` records every `setTimeout`, so a test sees when a wait began. */
function useFakeClock(): void {
	vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
	timers = vi.spyOn(globalThis, "setTimeout");
}

/** Resolves once a wait of `ms` has been armed, however long the failed attempt took to unwind. */
async function waitArmed(ms: number, count = 1): Promise<void> {
	const armed = () => timers.mock.calls.filter(([, delay]) => delay === ms).length >= count;
	// A failed attempt unwinds in a few turns of the event loop; this bound only ends a test that broke.
	for (let turn = 0; !armed(); turn++) {
		if (turn > 10_000) throw new Error(`no wait of ${ms} ms began`);
		await new Promise((resolve) => setImmediate(resolve));
	}
}

function eventLoopTurns(count: number): Promise<string> {
	let chain = Promise.resolve();
	for (let turn = 0; turn < count; turn++)
		chain = chain.then(() => new Promise((resolve) => setImmediate(resolve)));
	return chain.then(() => "still waiting");
}

afterEach(() => {
	// The spy wraps the fake setTimeout: restore it first, then the real timers.
	vi.restoreAllMocks();
	vi.useRealTimers();
});

describe("connection retries: the wait before a retry", () => {
	it("an abort during the wait ends the stream with aborted at once, without another attempt", async () => {
		useFakeClock();
		const controller = new AbortController();
		let attempts = 0;
		const stream = runProviderStream(hosted, { ...NO_WATCHDOG, signal: controller.signal }, async () => {
			attempts += 1;
			throw closedBeforeResponse();
		});
		await waitArmed(100);
		expect(attempts).toBe(1);
		controller.abort();

		// No fake time passes: only a wait that listens to the signal can end now.
		const settled = await Promise.race([stream.result(), eventLoopTurns(50)]);
		expect(settled).toMatchObject({ stopReason: "aborted", error: { kind: "aborted" } });
		await vi.advanceTimersByTimeAsync(10_000);
		expect(attempts).toBe(1);
		expect(vi.getTimerCount()).toBe(0);
	});

	it("waits 100 ms before the first retry and 400 ms before the second", async () => {
		useFakeClock();
		let attempts = 0;
		const stream = runProviderStream(hosted, NO_WATCHDOG, async () => {
			attempts += 1;
			throw closedBeforeResponse();
		});
		await waitArmed(100);
		await vi.advanceTimersByTimeAsync(99);
		expect(attempts).toBe(1);
		await vi.advanceTimersByTimeAsync(1);
		await waitArmed(400);
		expect(attempts).toBe(2);
		await vi.advanceTimersByTimeAsync(399);
		expect(attempts).toBe(2);
		await vi.advanceTimersByTimeAsync(1);
		const message = await stream.result();
		expect(attempts).toBe(3);
		expect(message.error?.kind).toBe("network");
		expect(timers.mock.calls.map(([, delay]) => delay)).toEqual([100, 400]);
	});

	it("does not retry when the failed attempt already showed consumers an event", async () => {
		let attempts = 0;
		const message = await runProviderStream(hosted, { apiKey: "k" }, async (run) => {
			attempts += 1;
			run.assembler.start();
			throw closedBeforeResponse();
		}).result();
		expect(message.error?.kind).toBe("network");
		expect(attempts).toBe(1);
	});

	it("does not retry when the provider had reported wire activity", async () => {
		let attempts = 0;
		const message = await runProviderStream(hosted, { apiKey: "k" }, async (run) => {
			attempts += 1;
			run.activity();
			throw closedBeforeResponse();
		}).result();
		expect(message.error?.kind).toBe("network");
		expect(attempts).toBe(1);
	});
});
