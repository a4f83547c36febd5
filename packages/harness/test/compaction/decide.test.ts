import { describe, expect, it } from "vitest";
import { compactionLimit, shouldCompact } from "../../src/compaction/decide.js";
import { DEFAULT_COMPACTION_SETTINGS } from "../../src/compaction/types.js";

const settings = DEFAULT_COMPACTION_SETTINGS;

describe("compactionLimit", () => {
	it("is the threshold fraction of a large window when the reserve leaves more room", () => {
		// 200,000 × 0.8 = 160,000 < 200,000 − 16,384.
		expect(compactionLimit(200_000, settings)).toBe(160_000);
	});

	it("is the window minus the reserve when that is smaller", () => {
		expect(compactionLimit(200_000, { threshold: 0.95, reserveTokens: 16_384 })).toBe(183_616);
	});

	it("never falls below a quarter of the window, even when the reserve is larger than the window", () => {
		expect(compactionLimit(8_000, settings)).toBe(2_000);
		expect(compactionLimit(8_000, { threshold: 0.1, reserveTokens: 0 })).toBe(2_000);
	});
});

describe("shouldCompact", () => {
	it("is true only past the limit", () => {
		expect(shouldCompact(160_000, 200_000, settings)).toBe(false);
		expect(shouldCompact(160_001, 200_000, settings)).toBe(true);
	});

	it("is false whenever compaction is disabled", () => {
		expect(shouldCompact(1_000_000, 200_000, { ...settings, enabled: false })).toBe(false);
	});
});
