import { describe, expect, it } from "vitest";
import { shouldCompact } from "../../src/compaction/decide.js";
import { estimateContextTokens, estimateTokens } from "../../src/compaction/estimate.js";
import { measureContext } from "../../src/compaction/measure.js";
import { DEFAULT_COMPACTION_SETTINGS } from "../../src/compaction/types.js";
import { assistant, filler, user } from "./support/transcript.js";

describe("measureContext", () => {
	it("uses the last non-zero usage plus an estimate of the messages after it", () => {
		const after = user("q".repeat(400));
		const messages = [
			user("hello"),
			assistant("first", { usage: { input: 100, output: 10 } }),
			user("again"),
			assistant("second", { usage: { input: 5_000, output: 50, cacheRead: 1_000, cacheWrite: 200 } }),
			after,
		];
		const measure = measureContext({ messages });
		expect(measure.fromUsage).toBe(6_250 + estimateTokens(after));
		expect(measure.estimated).toBe(estimateContextTokens({ messages }));
		expect(measure.tokens).toBe(measure.fromUsage);
	});

	it("takes the estimate when it is larger than the usage figure", () => {
		const messages = [assistant("tiny", { usage: { input: 1, output: 1 } }), user(filler(40_000))];
		const measure = measureContext({ messages, systemPrompt: "s".repeat(4_000) });
		expect(measure.tokens).toBe(measure.estimated);
		expect(measure.estimated).toBeGreaterThan(measure.fromUsage!);
	});

	it("ignores zero-usage responses and looks further back", () => {
		const messages = [
			user("a"),
			assistant("reported", { usage: { input: 3_000, output: 10 } }),
			assistant("silent"),
			user("b"),
		];
		const measure = measureContext({ messages });
		expect(measure.fromUsage).toBe(3_010 + estimateTokens(messages[2]!) + estimateTokens(messages[3]!));
	});

	it("ignores failed and aborted responses' usage", () => {
		const messages = [
			user("a"),
			assistant("failed", { usage: { input: 90_000 }, stopReason: "error" }),
			assistant("aborted", { usage: { input: 80_000 }, stopReason: "aborted" }),
		];
		expect(measureContext({ messages }).fromUsage).toBeUndefined();
	});

	it("lets a provider that never reports usage still trigger compaction through the estimate", () => {
		const messages = Array.from({ length: 40 }, (_, index) =>
			index % 2 === 0 ? user(filler(4_000, index)) : assistant(filler(4_000, index)),
		);
		const measure = measureContext({ messages });
		expect(measure.fromUsage).toBeUndefined();
		expect(measure.tokens).toBe(40_000);
		expect(shouldCompact(measure.tokens, 32_000, DEFAULT_COMPACTION_SETTINGS)).toBe(true);
	});

	it("does not use a big usage figure of a response made before the latest compaction", () => {
		const compactedAt = 10_000;
		const summary = {
			role: "compactionSummary" as const,
			summary: "earlier work",
			tokensBefore: 150_000,
			timestamp: compactedAt,
		};
		// A kept response from before the compaction measured the larger context it replaced.
		const stale = assistant("kept", { usage: { input: 150_000 }, timestamp: compactedAt - 1 });
		const measure = measureContext({ messages: [summary, user("go on", compactedAt - 2), stale] });
		expect(measure.fromUsage).toBeUndefined();
		expect(measure.tokens).toBeLessThan(100);
		expect(shouldCompact(measure.tokens, 200_000, DEFAULT_COMPACTION_SETTINGS)).toBe(false);

		// A response made after the compaction counts again.
		const fresh = assistant("new", { usage: { input: 2_000 }, timestamp: compactedAt + 5 });
		expect(measureContext({ messages: [summary, stale, fresh] }).fromUsage).toBe(2_000);
	});

	it("measures only the messages it is given: usage from a compacted-away message is gone", () => {
		const old = assistant("old", { usage: { input: 190_000 } });
		const before = measureContext({ messages: [user("a"), old, user("b")] });
		expect(before.tokens).toBeGreaterThan(190_000);
		const summary = {
			role: "compactionSummary" as const,
			summary: "s",
			tokensBefore: before.tokens,
			timestamp: 5,
		};
		const after = measureContext({ messages: [summary, user("b")] });
		expect(after.fromUsage).toBeUndefined();
		expect(after.tokens).toBe(after.estimated);
	});
});
