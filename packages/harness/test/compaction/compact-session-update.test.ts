import { describe, expect, it } from "vitest";
import { compactSession } from "../../src/compaction/compact-session.js";
import type { CompactSessionOptions } from "../../src/compaction/types.js";
import { FakeSession } from "./support/fake-session.js";
import { fauxSummarizer, promptOf, sectionedSummary } from "./support/faux-summarizer.js";
import { contextTokens, LIMIT, SETTINGS, SYSTEM_PROMPT, TOOLS, WINDOW } from "./support/setup.js";
import { assistant, call, codingTranscript, filler, result, user } from "./support/transcript.js";

function options(
	summarizer: CompactSessionOptions["summarizer"],
	extra: Partial<CompactSessionOptions> = {},
) {
	return {
		reason: "threshold" as const,
		settings: SETTINGS,
		contextWindow: WINDOW,
		summarizer,
		systemPrompt: SYSTEM_PROMPT,
		tools: TOOLS,
		...extra,
	};
}

/** A turn that reads `read` and writes `write`, with enough output to matter. */
function fileTurn(label: string, read: string, write: string) {
	return [
		user(`${label}: ${filler(2_000)}`),
		assistant([call(`${label}-r`, "read", { path: read })]),
		result(`${label}-r`, "read", filler(16_000)),
		assistant([call(`${label}-w`, "write", { path: write, content: "x" })]),
		result(`${label}-w`, "write", "written"),
		assistant(`Finished ${label}.`),
	];
}

describe("compactSession: a second compaction", () => {
	it("updates the previous summary instead of replacing it", async () => {
		const session = new FakeSession();
		session.appendMessages(codingTranscript({ turns: 12, callsPerTurn: 2, resultChars: 6_000 }));
		const { summarizer, requests } = fauxSummarizer();
		const first = await compactSession(session, options(summarizer));
		expect(first.ok).toBe(true);
		const firstRequests = requests.length;
		expect(promptOf(requests[0]!)).not.toContain("<previous-summary>");

		session.appendMessages(
			codingTranscript({ turns: 12, callsPerTurn: 2, resultChars: 6_000 }).map((message) => message),
		);
		const second = await compactSession(session, options(summarizer));
		expect(second.ok).toBe(true);
		const secondPrompt = promptOf(requests[firstRequests]!);
		// The first compaction's summary (the faux reply it got) is in the request, to be updated.
		expect(secondPrompt).toContain(`<previous-summary>\n${sectionedSummary(`summary-${firstRequests - 1}`)}`);
		expect(secondPrompt).toMatch(/UPDATE it/);
		expect(contextTokens(session)).toBeLessThanOrEqual(LIMIT);
	});

	it("lists files read and modified, and accumulates them across two compactions", async () => {
		const session = new FakeSession();
		session.appendMessages([
			...fileTurn("one", "src/a.ts", "src/b.ts"),
			...fileTurn("two", "src/b.ts", "src/c.ts"),
			...fileTurn("three", "src/d.ts", "src/e.ts"),
		]);
		const { summarizer, requests } = fauxSummarizer();
		const first = await compactSession(
			session,
			options(summarizer, { settings: { ...SETTINGS, keepRecentTokens: 4_500 } }),
		);
		if (!first.ok) throw new Error(first.error);
		// Turns one and two are summarised: b.ts was read after being written, so it is only modified.
		expect(first.entry.files).toEqual({ read: ["src/a.ts"], modified: ["src/b.ts", "src/c.ts"] });
		expect(first.entry.summary).toMatch(
			/\n\n## Files read\n- src\/a\.ts\n\n## Files modified\n- src\/b\.ts\n- src\/c\.ts$/,
		);

		session.appendMessages([
			...fileTurn("four", "src/f.ts", "src/a.ts"),
			...fileTurn("five", "src/g.ts", "src/h.ts"),
		]);
		const count = requests.length;
		const second = await compactSession(
			session,
			options(summarizer, { settings: { ...SETTINGS, keepRecentTokens: 4_500 } }),
		);
		if (!second.ok) throw new Error(second.error);
		expect(second.entry.files).toEqual({
			read: ["src/d.ts", "src/f.ts"],
			modified: ["src/a.ts", "src/b.ts", "src/c.ts", "src/e.ts"],
		});
		expect(second.entry.summary).toContain(
			"## Files read\n- src/d.ts\n- src/f.ts\n\n## Files modified\n- src/a.ts\n",
		);
		// The model updates the summary without the file sections; they come from the entry, not from the model.
		const prompt = promptOf(requests[count]!);
		expect(prompt).toContain("<previous-summary>");
		expect(prompt).not.toContain("## Files read");
	});

	it("runs when automatic compaction is disabled: the caller decides (manual compaction)", async () => {
		const session = new FakeSession();
		session.appendMessages(codingTranscript({ turns: 12, callsPerTurn: 2, resultChars: 6_000 }));
		const { summarizer } = fauxSummarizer();
		const outcome = await compactSession(
			session,
			options(summarizer, {
				reason: "manual",
				settings: { ...SETTINGS, enabled: false },
				instructions: "Keep the API notes.",
			}),
		);
		expect(outcome.ok).toBe(true);
		expect(outcome.entry).toMatchObject({
			type: "compaction",
			reason: "manual",
			instructions: "Keep the API notes.",
		});
	});
});
