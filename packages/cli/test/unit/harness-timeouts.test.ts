import { describe, expect, it } from "vitest";
import { harnessTimeouts, UNATTENDED_MAX_STALL_MS } from "../../src/wiring/create-harness.js";

describe("the timeouts a run gets", () => {
	it("bounds the total wait of print and JSON modes by default, and of no other mode", () => {
		expect(harnessTimeouts({}, {}, true)).toEqual({ maxStallMs: UNATTENDED_MAX_STALL_MS });
		expect(UNATTENDED_MAX_STALL_MS).toBe(300_000);
		expect(harnessTimeouts({}, {}, false)).toEqual({});
	});

	it("takes the timeouts setting, with the flags winning, and keeps an explicit 0 (no limit)", () => {
		const settings = { timeouts: { firstByteMs: 60_000, idleMs: 30_000, maxStallMs: 0 } };
		expect(harnessTimeouts(settings, {}, true)).toEqual({
			firstByteMs: 60_000,
			idleMs: 30_000,
			maxStallMs: 0,
		});
		expect(harnessTimeouts(settings, { idleMs: 5_000, maxStallMs: 90_000 }, true)).toEqual({
			firstByteMs: 60_000,
			idleMs: 5_000,
			maxStallMs: 90_000,
		});
	});
});
