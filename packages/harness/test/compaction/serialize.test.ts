import { describe, expect, it } from "vitest";
import { serializeMessage, serializeMessages, truncateMiddle } from "../../src/compaction/serialize.js";
import { assistant, call, result, user } from "./support/transcript.js";

const options = { toolResultMaxChars: 100 };

describe("serializeMessages", () => {
	it("labels each message with its role and writes tool calls as name(arguments JSON)", () => {
		const text = serializeMessages(
			[
				user("Fix the bug."),
				assistant([{ type: "text", text: "Looking." }, call("c1", "read", { path: "src/a.ts" })]),
				result("c1", "read", "const a = 1;"),
			],
			options,
		);
		expect(text).toBe(
			'[User]: Fix the bug.\n\n[Assistant]: Looking.\n[Assistant tool call]: read({"path":"src/a.ts"})\n\n' +
				"[Tool result read]: const a = 1;",
		);
	});

	it("leaves thinking blocks out", () => {
		const text = serializeMessages(
			[
				assistant([
					{ type: "thinking", thinking: "SECRET reasoning" },
					{ type: "text", text: "Answer." },
				]),
			],
			options,
		);
		expect(text).not.toContain("SECRET");
		expect(text).toBe("[Assistant]: Answer.");
	});

	it("shortens long tool results to their head and tail around an omission marker", () => {
		const body = `HEAD${"m".repeat(1_000)}TAIL`;
		const text = serializeMessage(result("c1", "bash", body), options);
		expect(text).toContain("HEAD");
		expect(text).toContain("TAIL");
		expect(text).toContain("[… 908 characters omitted …]");
		expect(text.length).toBeLessThan(200);
	});

	it("shortens long tool-call arguments the same way", () => {
		const text = serializeMessage(
			assistant([call("c1", "write", { path: "a.ts", content: "x".repeat(5_000) })]),
			options,
		);
		expect(text.length).toBeLessThan(250);
		expect(text).toContain('write({"path":"a.ts"');
	});

	it("writes images as [image] and marks tool errors", () => {
		const message = {
			...result("c1", "read", "see"),
			isError: true,
			content: [
				{ type: "text" as const, text: "see" },
				{ type: "image" as const, data: "AAAA", mimeType: "image/png" },
			],
		};
		expect(serializeMessage(message, options)).toBe("[Tool error read]: see\n[image]");
		const withImage = {
			role: "user" as const,
			content: [{ type: "image" as const, data: "AAAA", mimeType: "image/png" }],
			timestamp: 1,
		};
		expect(serializeMessage(withImage, options)).toBe("[User]: [image]");
	});

	it("gives summaries and custom messages as their text", () => {
		expect(
			serializeMessage(
				{ role: "compactionSummary", summary: "## Goal\nShip", tokensBefore: 1, timestamp: 1 },
				options,
			),
		).toBe("[Summary of the earlier conversation]: ## Goal\nShip");
		expect(
			serializeMessage({ role: "branchSummary", summary: "tried X", fromId: "a", timestamp: 1 }, options),
		).toBe("[Summary of an abandoned branch]: tried X");
		expect(
			serializeMessage(
				{ role: "custom", customType: "note", content: "hello", display: false, timestamp: 1 },
				options,
			),
		).toBe("[Message note]: hello");
	});

	it("marks a failed assistant message as failed", () => {
		const failed = assistant("partial", { stopReason: "error" });
		expect(serializeMessage(failed, options)).toBe("[Assistant, failed]: partial");
	});
});

describe("truncateMiddle", () => {
	it("returns short text unchanged", () => {
		expect(truncateMiddle("short", 10)).toBe("short");
	});

	it("never splits a surrogate pair", () => {
		const text = "😀".repeat(100);
		const cut = truncateMiddle(text, 51);
		expect(cut).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/);
		expect(cut).not.toMatch(/(?<![\ud800-\udbff])[\udc00-\udfff]/);
	});
});
