import {
	type AssistantMessageEventStream,
	type Model,
	runProviderStream,
	type StreamOptions,
} from "@kestrel/ai";
import { createFauxProvider } from "@kestrel/ai/testing";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AgentHarness, type HarnessEvent, SessionManager } from "../../src/index.js";

afterEach(() => {
	vi.useRealTimers();
	vi.restoreAllMocks();
});

/** A provider that accepts every request and then sends nothing, ever. */
function silentProvider() {
	const requests: StreamOptions[] = [];
	const streamFn = (
		model: Model,
		_context: unknown,
		options: StreamOptions = {},
	): AssistantMessageEventStream => {
		requests.push(options);
		return runProviderStream(
			model,
			{ ...options, apiKey: "unused" },
			(run) =>
				new Promise<void>((_, reject) => {
					run.signal.addEventListener("abort", () => reject(new Error("aborted")), { once: true });
				}),
		);
	};
	return { requests, streamFn };
}

async function stalledHarness(timeouts: ConstructorParameters<typeof AgentHarness>[0]["timeouts"]) {
	const silent = silentProvider();
	const harness = new AgentHarness({
		session: await SessionManager.inMemory({ cwd: "/p" }).create(),
		model: createFauxProvider().model(),
		streamFn: silent.streamFn,
		systemPrompt: "x",
		retry: { maxAttempts: 3, baseDelayMs: 1_000, maxDelayMs: 1_000 },
		...(timeouts ? { timeouts } : {}),
	});
	const events: HarnessEvent[] = [];
	harness.subscribe((event) => {
		events.push(event);
	});
	return { harness, events, requests: silent.requests };
}

describe("a provider that stalls", () => {
	it("is given the first-byte and idle timeouts the harness was set up with", async () => {
		vi.useFakeTimers();
		const { harness, requests } = await stalledHarness({ firstByteMs: 5_000, idleMs: 2_000 });
		const run = harness.prompt("hello");
		let settled = false;
		void run.finally(() => {
			settled = true;
		});
		await vi.advanceTimersByTimeAsync(4 * 5_000 + 3 * 1_000 + 1_000);
		expect(settled).toBe(true);
		const outcome = await run;
		expect(outcome).toMatchObject({ kind: "error", error: { kind: "timeout" } });
		expect(requests).toHaveLength(4);
		for (const request of requests)
			expect(request).toMatchObject({ firstByteTimeoutMs: 5_000, idleTimeoutMs: 2_000 });
	});

	it("is waited on for at most maxStallMs in total: later timeouts are cut, and a spent budget is not retried", async () => {
		vi.useFakeTimers();
		// Retry waits without jitter: exactly 1 s each.
		vi.spyOn(Math, "random").mockReturnValue(0.999_999);
		const { harness, events, requests } = await stalledHarness({ firstByteMs: 5_000, maxStallMs: 12_000 });
		const started = Date.now();
		const run = harness.prompt("hello");
		let settled = false;
		void run.finally(() => {
			settled = true;
		});
		// 5 s + 1 s wait + 5 s + 1 s wait + 2 s (what is left of 12 s) = 14 s, far below 4 × 5 s + 3 s.
		await vi.advanceTimersByTimeAsync(13_999);
		expect(settled).toBe(false);
		await vi.advanceTimersByTimeAsync(1);
		const outcome = await run;
		expect(Date.now() - started).toBe(14_000);
		expect(requests.map((request) => request.firstByteTimeoutMs)).toEqual([5_000, 5_000, 2_000]);
		expect(outcome).toMatchObject({ kind: "error", error: { kind: "timeout" } });
		expect(outcome.kind === "error" && outcome.message).toContain(
			"Not retried: this prompt has waited 12 s on a silent provider, and the limit (maxStallMs) is 12 s.",
		);
		expect(events.filter((event) => event.type === "retry_start")).toHaveLength(2);
		expect(events.filter((event) => event.type === "retry_end")).toMatchObject([{ success: false }]);
		expect(events.filter((event) => event.type === "agent_end")).toHaveLength(1);
	});
});
