import { describe, expect, it } from "vitest";
import { DEFAULT_COMPACTION_SETTINGS } from "../../src/compaction/types.js";
import { DEFAULT_RETRY_SETTINGS } from "../../src/retry/index.js";
import { resolveHarnessSettings } from "../../src/settings/index.js";

describe("resolveHarnessSettings", () => {
	it("fills everything in from the defaults when nothing is set", () => {
		expect(resolveHarnessSettings({})).toEqual({
			compaction: DEFAULT_COMPACTION_SETTINGS,
			retry: DEFAULT_RETRY_SETTINGS,
			timeouts: {},
		});
	});

	it("passes on the timeouts that are set, and only those", () => {
		const resolved = resolveHarnessSettings({ timeouts: { firstByteMs: 60_000, maxStallMs: undefined } });
		expect(resolved.timeouts).toEqual({ firstByteMs: 60_000 });
	});

	it("uses the values that are set and the defaults for the rest", () => {
		const resolved = resolveHarnessSettings({
			compaction: { threshold: 0.6, enabled: false },
			retry: { maxAttempts: 0 },
		});
		expect(resolved.compaction).toEqual({ ...DEFAULT_COMPACTION_SETTINGS, threshold: 0.6, enabled: false });
		expect(resolved.retry).toEqual({ ...DEFAULT_RETRY_SETTINGS, maxAttempts: 0 });
	});

	it("does not let an undefined field blank out a default", () => {
		const resolved = resolveHarnessSettings({ compaction: { threshold: undefined } });
		expect(resolved.compaction.threshold).toBe(DEFAULT_COMPACTION_SETTINGS.threshold);
	});

	it("returns objects the caller may change without touching the defaults", () => {
		const resolved = resolveHarnessSettings({});
		resolved.retry.maxAttempts = 99;
		expect(DEFAULT_RETRY_SETTINGS.maxAttempts).toBe(3);
		expect(Object.isFrozen(resolved.compaction)).toBe(false);
	});
});
