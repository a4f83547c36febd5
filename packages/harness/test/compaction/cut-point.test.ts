import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type CutItem, findCutPoint } from "../../src/compaction/cut-point.js";
import { cutItemsOf, keepTokens, transcriptShape } from "./support/random-transcript.js";

const item = (kind: CutItem["kind"], tokens: number): CutItem => ({ kind, tokens });
const keptTokens = (items: readonly CutItem[], from: number) =>
	items.slice(from).reduce((sum, entry) => sum + entry.tokens, 0);

describe("findCutPoint", () => {
	it("cuts nothing when the whole history is smaller than the part to keep", () => {
		const items = [item("user", 10), item("assistant", 10)];
		expect(findCutPoint(items, 100)).toEqual({ firstKeptIndex: 0 });
		expect(findCutPoint([], 100)).toEqual({ firstKeptIndex: 0 });
	});

	it("cuts at a user message on a turn boundary without a turn start", () => {
		const items = [item("user", 50), item("assistant", 50), item("user", 50), item("assistant", 50)];
		expect(findCutPoint(items, 100)).toEqual({ firstKeptIndex: 2 });
	});

	it("moves back past tool results to the assistant message that called them", () => {
		const items = [
			item("user", 100),
			item("assistant", 10),
			item("toolResult", 10),
			item("assistant", 10),
			item("toolResult", 500),
			item("toolResult", 500),
		];
		// 1,000 tokens are reached inside the results; the cut goes to their call, inside the turn.
		expect(findCutPoint(items, 1_000)).toEqual({ firstKeptIndex: 3, turnStartIndex: 0 });
	});

	it("reports the user message that opened the turn when the cut is on an assistant message", () => {
		const items = [
			item("user", 10),
			item("assistant", 10),
			item("user", 10),
			item("assistant", 10),
			item("toolResult", 10),
			item("assistant", 100),
		];
		expect(findCutPoint(items, 100)).toEqual({ firstKeptIndex: 5, turnStartIndex: 2 });
	});

	it("treats summaries and custom messages as valid cuts that end a turn search", () => {
		const items = [item("user", 10), item("other", 10), item("assistant", 100)];
		expect(findCutPoint(items, 100)).toEqual({ firstKeptIndex: 2 });
		expect(findCutPoint([item("user", 10), item("other", 100)], 100)).toEqual({ firstKeptIndex: 1 });
	});

	it("keeps everything when only tool results precede the needed size", () => {
		const items = [item("toolResult", 10), item("toolResult", 10)];
		expect(findCutPoint(items, 15)).toEqual({ firstKeptIndex: 0 });
	});

	it("property: never cuts at a tool result, keeps at least the asked tokens, and cuts as late as allowed", () => {
		fc.assert(
			fc.property(transcriptShape, keepTokens, (shape, keep) => {
				const items = cutItemsOf(shape);
				const cut = findCutPoint(items, keep);
				const kept = keptTokens(items, cut.firstKeptIndex);
				if (cut.firstKeptIndex === 0) return;
				expect(items[cut.firstKeptIndex]!.kind).not.toBe("toolResult");
				expect(kept).toBeGreaterThanOrEqual(keep);
				// No later valid cut would keep enough.
				for (let later = cut.firstKeptIndex + 1; later < items.length; later++) {
					if (items[later]!.kind !== "toolResult") expect(keptTokens(items, later)).toBeLessThan(keep);
				}
				if (cut.turnStartIndex !== undefined) {
					expect(items[cut.firstKeptIndex]!.kind).toBe("assistant");
					expect(items[cut.turnStartIndex]!.kind).toBe("user");
					const between = items.slice(cut.turnStartIndex + 1, cut.firstKeptIndex);
					expect(between.some((entry) => entry.kind === "user")).toBe(false);
				} else {
					expect(items[cut.firstKeptIndex]!.kind).toBe("user");
				}
			}),
			{ numRuns: 300 },
		);
	});
});
