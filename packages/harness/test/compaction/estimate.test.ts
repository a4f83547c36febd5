import type { AgentMessage } from "@kestrel/agent-core";
import { Type } from "@kestrel/ai";
import { describe, expect, it } from "vitest";
import {
	createTokenEstimator,
	estimateContextTokens,
	estimateTokens,
	IMAGE_TOKENS,
} from "../../src/compaction/estimate.js";
import { branchSummaryText, compactionSummaryText } from "../../src/messages.js";
import { assistant, call, result, user } from "./support/transcript.js";

describe("estimateTokens", () => {
	it("counts ceil(chars / 4) of user text", () => {
		expect(estimateTokens(user("abcdefghi"))).toBe(3);
		expect(estimateTokens(user(""))).toBe(0);
	});

	it("counts text, thinking, and tool-call names with their JSON arguments", () => {
		const args = { path: "src/a.ts" };
		const message = assistant([
			{ type: "text", text: "x".repeat(10) },
			{ type: "thinking", thinking: "y".repeat(10) },
			call("c1", "read", args),
		]);
		const chars = 10 + 10 + "read".length + JSON.stringify(args).length;
		expect(estimateTokens(message)).toBe(Math.ceil(chars / 4));
	});

	it("counts tool-result text and a flat figure per image", () => {
		const message = {
			...result("c1", "read", "z".repeat(40)),
			content: [
				{ type: "text" as const, text: "z".repeat(40) },
				{ type: "image" as const, data: "A".repeat(100_000), mimeType: "image/png" },
			],
		};
		expect(estimateTokens(message)).toBe(10 + IMAGE_TOKENS);
	});

	it("counts user images the same way, whatever their byte size", () => {
		const small = {
			role: "user" as const,
			content: [{ type: "image" as const, data: "AA", mimeType: "image/png" }],
			timestamp: 1,
		};
		expect(estimateTokens(small)).toBe(IMAGE_TOKENS);
	});

	it("counts summaries and custom messages by the text the model reads", () => {
		const summary = {
			role: "compactionSummary" as const,
			summary: "s".repeat(100),
			tokensBefore: 5,
			timestamp: 1,
		};
		expect(estimateTokens(summary)).toBe(Math.ceil(compactionSummaryText("s".repeat(100)).length / 4));
		const custom = {
			role: "custom" as const,
			customType: "note",
			content: "c".repeat(20),
			display: true,
			timestamp: 1,
		};
		expect(estimateTokens(custom)).toBe(5);
		const branch = { role: "branchSummary" as const, summary: "b".repeat(100), fromId: "x", timestamp: 1 };
		expect(estimateTokens(branch)).toBe(Math.ceil(branchSummaryText("b".repeat(100)).length / 4));
	});
});

describe("estimateContextTokens", () => {
	it("adds the system prompt and each tool's name, description and schema", () => {
		const tool = {
			name: "read",
			description: "Reads a file.",
			parameters: Type.Object({ path: Type.String() }),
		};
		const messages = [user("a".repeat(400))];
		const bare = estimateContextTokens({ messages });
		expect(bare).toBe(100);
		const withPrompt = estimateContextTokens({ messages, systemPrompt: "p".repeat(40) });
		expect(withPrompt).toBe(110);
		const withTool = estimateContextTokens({ messages, tools: [tool] });
		const toolChars = "read".length + "Reads a file.".length + JSON.stringify(tool.parameters).length;
		expect(withTool).toBe(100 + Math.ceil(toolChars / 4));
	});
});

describe("createTokenEstimator", () => {
	it("estimates each message once however often a growing transcript is measured", () => {
		const estimator = createTokenEstimator();
		const transcript: AgentMessage[] = [];
		for (let turn = 0; turn < 200; turn++) {
			transcript.push({ role: "user", content: `question ${turn} ${"x".repeat(40)}`, timestamp: turn });
			const measured = estimateContextTokens({ messages: transcript, estimate: estimator.estimate });
			expect(measured).toBe(estimateContextTokens({ messages: transcript }));
		}
		// 200 measures of up to 200 messages: 200 estimates, not 20,100.
		expect(estimator.computed).toBe(200);
	});
});
