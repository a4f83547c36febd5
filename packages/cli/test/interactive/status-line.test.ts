import { describe, expect, it } from "vitest";
import { formatStatusLine, SPINNER_FRAMES } from "../../src/interactive/format/status-line.js";
import { welcomeLine } from "../../src/interactive/format/welcome.js";

const STATUS = {
	model: "wire/claude-wire",
	thinkingLevel: "off" as const,
	contextTokens: 6_000,
	contextWindow: 200_000,
	totalTokens: 1_234,
	cost: 0.004,
	working: false,
	queuedSteering: 0,
	queuedFollowUp: 0,
};

describe("the status line", () => {
	it("says ready when idle", () => {
		expect(formatStatusLine(STATUS)).toBe(
			"wire/claude-wire · thinking off · ctx 3% · 1.2k tok · $0.0040 · ready",
		);
	});

	it("shows a spinner, the elapsed seconds and the streamed tokens while the model works", () => {
		const line = formatStatusLine(
			{ ...STATUS, working: true, queuedFollowUp: 1 },
			{ elapsedMs: 12_400, tools: [], streamedChars: 1_000 },
		);
		expect(line).toMatch(/ · [⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] working 12s · ~250 tok ↓ \(1 queued\) · Esc aborts$/);
		// The frame moves with the clock.
		const frames = new Set(
			[0, 120, 240].map(
				(elapsedMs) =>
					formatStatusLine({ ...STATUS, working: true }, { elapsedMs, tools: [], streamedChars: 0 }).split(
						" · ",
					)[5]?.[0],
			),
		);
		expect(frames).toEqual(new Set(SPINNER_FRAMES.slice(0, 3)));
	});

	it("names the running tools while they run", () => {
		expect(
			formatStatusLine(
				{ ...STATUS, working: true },
				{ elapsedMs: 3_000, tools: ["bash", "bash", "read"], streamedChars: 0 },
			),
		).toMatch(/ · . running bash, read 3s · Esc aborts$/);
	});
});

describe("the welcome line", () => {
	it("names the model, the folder (home as ~) and how to get help", () => {
		expect(welcomeLine("wire/claude-wire", "/home/ada/src/app", "/home/ada")).toBe(
			"kestrel · wire/claude-wire · ~/src/app · /help for help, / for commands, @ to attach files",
		);
		expect(welcomeLine("m/x", "/srv/work", "/home/ada")).toContain(" · /srv/work · ");
		expect(welcomeLine("m/x", "/home/adam", "/home/ada")).toContain(" · /home/adam · ");
	});
});
