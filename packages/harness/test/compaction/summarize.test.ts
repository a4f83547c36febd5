import { describe, expect, it } from "vitest";
import { estimateContextTokens } from "../../src/compaction/estimate.js";
import { summarizeHistory } from "../../src/compaction/summarize.js";
import { SummaryError } from "../../src/compaction/summary-error.js";
import { SUMMARY_SECTIONS, TURN_PREFIX_HEADING } from "../../src/compaction/summary-prompts.js";
import { fauxSummarizer, promptOf, sectionedSummary } from "./support/faux-summarizer.js";
import { assistant, call, filler, result, user } from "./support/transcript.js";

const settings = { summaryMaxTokens: 1_000, toolResultMaxChars: 2_000 };

describe("summarizeHistory: one request", () => {
	it("asks for the fixed sections in order, with no tools, reasoning off and the summary's output limit", async () => {
		const { summarizer, requests } = fauxSummarizer();
		const { summary, requests: count } = await summarizeHistory(
			{ messages: [user("Build a parser.")] },
			summarizer,
			settings,
		);
		expect(count).toBe(1);
		expect(summary).toBe(sectionedSummary("summary-0"));
		const [request] = requests;
		expect(request!.context.tools).toBeUndefined();
		expect(request!.context.systemPrompt).toMatch(/summar/i);
		expect(request!.options).toMatchObject({ reasoning: "off", maxTokens: 1_000, apiKey: "test-key" });
		const prompt = promptOf(request!);
		expect(prompt).toContain("[User]: Build a parser.");
		const positions = SUMMARY_SECTIONS.map((heading) => prompt.indexOf(`${heading}\n`));
		expect(positions.every((position) => position >= 0)).toBe(true);
		expect([...positions].sort((a, b) => a - b)).toEqual(positions);
	});

	it("asks to update a previous summary, not to replace it", async () => {
		const { summarizer, requests } = fauxSummarizer();
		await summarizeHistory(
			{ messages: [user("Next step.")], previousSummary: "## Goal\nOLD-GOAL" },
			summarizer,
			settings,
		);
		const prompt = promptOf(requests[0]!);
		expect(prompt).toContain("<previous-summary>\n## Goal\nOLD-GOAL\n</previous-summary>");
		expect(prompt).toMatch(/UPDATE it/);
		expect(prompt).toMatch(/do not replace it/);
		expect(prompt).toMatch(/Keep everything in it that still holds/);
	});

	it("returns the previous summary unchanged when only a turn's start is new", async () => {
		const { summarizer, requests } = fauxSummarizer();
		const { summary } = await summarizeHistory(
			{ messages: [], previousSummary: "## Goal\nOLD", turnPrefix: [user("Now do X.")] },
			summarizer,
			settings,
		);
		expect(requests).toHaveLength(1);
		expect(summary).toBe(`## Goal\nOLD\n\n${TURN_PREFIX_HEADING}\n${sectionedSummary("summary-0")}`);
	});

	it("summarises the turn's start separately, as its own section after the history", async () => {
		const { summarizer, requests } = fauxSummarizer({
			reply: (_request, index) => ({
				content: [{ type: "text", text: index === 0 ? "HISTORY" : "- the user asked for TURN-WORK" }],
			}),
		});
		const { summary } = await summarizeHistory(
			{ messages: [user("OLD-TASK")], turnPrefix: [user("TURN-TASK"), assistant("starting")] },
			summarizer,
			settings,
		);
		expect(summary).toBe(`HISTORY\n\n${TURN_PREFIX_HEADING}\n- the user asked for TURN-WORK`);
		expect(promptOf(requests[0]!)).not.toContain("TURN-TASK");
		const turnPrompt = promptOf(requests[1]!);
		expect(turnPrompt).toContain("TURN-TASK");
		expect(turnPrompt).not.toContain("OLD-TASK");
		expect(turnPrompt).toMatch(/start of the current turn/);
	});

	it("passes the user's instructions along", async () => {
		const { summarizer, requests } = fauxSummarizer();
		await summarizeHistory(
			{ messages: [user("x")], instructions: "Focus on the API design." },
			summarizer,
			settings,
		);
		expect(promptOf(requests[0]!)).toContain("Focus on the API design.");
	});

	it("leaves thinking out of the summariser's input and shortens long tool results", async () => {
		const { summarizer, requests } = fauxSummarizer();
		const messages = [
			user("Read it."),
			assistant([{ type: "thinking", thinking: "SECRET-THOUGHT" }, call("c1", "read", { path: "big.log" })]),
			result("c1", "read", `BEGIN${"x".repeat(50_000)}END`),
		];
		await summarizeHistory({ messages }, summarizer, { ...settings, toolResultMaxChars: 500 });
		const prompt = promptOf(requests[0]!);
		expect(prompt).not.toContain("SECRET-THOUGHT");
		expect(prompt).toContain("BEGIN");
		expect(prompt).toContain("END");
		expect(prompt).toContain("characters omitted");
		expect(prompt.length).toBeLessThan(6_000);
	});
});

describe("summarizeHistory: chunks", () => {
	const window = 6_000;
	const maxTokens = 1_000;

	it("splits a history larger than the summariser's window into requests that each fit it", async () => {
		const { summarizer, requests } = fauxSummarizer({ contextWindow: window });
		const messages = Array.from({ length: 60 }, (_, index) => user(`M${index} ${filler(1_800, index)}`));
		const { summary, requests: count } = await summarizeHistory({ messages }, summarizer, {
			summaryMaxTokens: maxTokens,
			toolResultMaxChars: 2_000,
		});
		expect(count).toBeGreaterThan(1);
		expect(requests).toHaveLength(count);
		for (const request of requests) {
			const tokens = estimateContextTokens({
				systemPrompt: request.context.systemPrompt,
				messages: request.context.messages,
			});
			expect(tokens * 1.1).toBeLessThanOrEqual(window - maxTokens);
		}
		// Every message reached some request, in order, and each later request updates the summary so far.
		const prompts = requests.map(promptOf);
		for (let index = 0; index < 60; index++) {
			expect(prompts.some((prompt) => prompt.includes(`M${index} `))).toBe(true);
		}
		for (let index = 1; index < prompts.length; index++) {
			expect(prompts[index]).toContain(sectionedSummary(`summary-${index - 1}`));
			expect(prompts[index]).toMatch(/UPDATE it/);
		}
		expect(summary).toBe(sectionedSummary(`summary-${count - 1}`));
	});

	it("cuts a single message larger than a chunk in the middle", async () => {
		const { summarizer, requests } = fauxSummarizer({ contextWindow: window });
		const huge = user(`START ${filler(100_000)} FINISH`);
		await summarizeHistory({ messages: [user("before"), huge, user("after")] }, summarizer, {
			summaryMaxTokens: maxTokens,
			toolResultMaxChars: 2_000,
		});
		const withHuge = requests.map(promptOf).find((prompt) => prompt.includes("START"))!;
		expect(withHuge).toContain("FINISH");
		expect(withHuge).toMatch(/\[… \d+ characters omitted …\]/);
		for (const request of requests) {
			const tokens = estimateContextTokens({
				systemPrompt: request.context.systemPrompt,
				messages: request.context.messages,
			});
			expect(tokens).toBeLessThanOrEqual(window - maxTokens);
		}
		expect(requests.map(promptOf).some((prompt) => prompt.includes("[User]: after"))).toBe(true);
	});

	it("refuses a summariser whose window leaves no room for history", async () => {
		const { summarizer, requests } = fauxSummarizer({ contextWindow: 1_500 });
		const failure = summarizeHistory({ messages: [user("x")] }, summarizer, {
			summaryMaxTokens: 1_000,
			toolResultMaxChars: 100,
		});
		await expect(failure).rejects.toMatchObject({ name: "SummaryError", kind: "overflow" });
		await expect(failure).rejects.toThrow(/larger context window/);
		expect(requests).toHaveLength(0);
	});
});

describe("summarizeHistory: failures", () => {
	const messages = [user("Do it.")];

	it("throws a SummaryError with the provider's kind on an error event", async () => {
		const { summarizer } = fauxSummarizer({
			reply: () => ({ content: [], error: { kind: "overflow", message: "prompt is too long" } }),
		});
		const failure = summarizeHistory({ messages }, summarizer, settings);
		await expect(failure).rejects.toBeInstanceOf(SummaryError);
		await expect(failure).rejects.toMatchObject({ kind: "overflow", requests: 1 });
		await expect(failure).rejects.toThrow(/prompt is too long/);
	});

	it("throws kind empty when the reply has no text", async () => {
		const { summarizer } = fauxSummarizer({ reply: () => ({ content: [{ type: "text", text: "  \n" }] }) });
		await expect(summarizeHistory({ messages }, summarizer, settings)).rejects.toMatchObject({
			kind: "empty",
		});
	});

	it("throws kind aborted when the signal fired", async () => {
		const { summarizer, requests } = fauxSummarizer();
		const controller = new AbortController();
		controller.abort();
		await expect(
			summarizeHistory({ messages }, summarizer, settings, controller.signal),
		).rejects.toMatchObject({
			kind: "aborted",
		});
		expect(requests).toHaveLength(0);
	});

	it("throws kind aborted when the signal fires during the request", async () => {
		const controller = new AbortController();
		const { summarizer } = fauxSummarizer({
			reply: () => {
				controller.abort();
				return { content: [{ type: "text", text: "partial summary" }] };
			},
		});
		await expect(
			summarizeHistory({ messages }, summarizer, settings, controller.signal),
		).rejects.toMatchObject({
			kind: "aborted",
		});
	});

	it("turns a throwing stream function into a SummaryError", async () => {
		const { summarizer } = fauxSummarizer();
		const broken = {
			...summarizer,
			streamFn: () => {
				throw new Error("socket closed");
			},
		};
		await expect(summarizeHistory({ messages }, broken, settings)).rejects.toMatchObject({
			kind: "unknown",
			message: expect.stringContaining("socket closed"),
		});
	});
});
