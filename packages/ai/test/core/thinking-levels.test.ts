import { describe, expect, it } from "vitest";
import { clampThinkingLevel } from "../../src/thinking-levels.js";

describe("clampThinkingLevel", () => {
	it("keeps an accepted level and ignores an empty list", () => {
		expect(clampThinkingLevel("medium", ["low", "medium", "high"])).toBe("medium");
		expect(clampThinkingLevel("xhigh", [])).toBe("xhigh");
	});

	it("picks the nearest accepted level below", () => {
		expect(clampThinkingLevel("xhigh", ["low", "medium", "high"])).toBe("high");
		expect(clampThinkingLevel("medium", ["off", "low", "high"])).toBe("low");
	});

	it("picks the lowest accepted level when none is below", () => {
		expect(clampThinkingLevel("off", ["low", "high"])).toBe("low");
		expect(clampThinkingLevel("minimal", ["medium", "high"])).toBe("medium");
	});
});
