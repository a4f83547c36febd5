import type { AgentTool } from "@kestrel/agent-core";
import { Type } from "typebox";
import { describe, expect, it } from "vitest";
import { SecretRedactor, SessionManager } from "../../src/index.js";
import { harnessFor, ofType, scriptedModel, textOf } from "./support/scripted.js";

const key = "sk-live-0123456789abcdef";

/** A tool whose output carries the key, in its result and in a partial update. */
function leakyTool(): AgentTool {
	return {
		name: "leak",
		label: "Leak",
		description: "Prints the environment.",
		parameters: Type.Object({}),
		execute: async (_id, _args, _signal, onUpdate) => {
			onUpdate?.({ content: [{ type: "text", text: `partial ${key}` }], details: { line: `K=${key}` } });
			return { content: [{ type: "text", text: `OPENAI_API_KEY=${key}\nPATH=/bin` }], details: { raw: key } };
		},
	};
}

describe("secret redaction", () => {
	it("replaces a registered value with [REDACTED:<name>], longest values first, and ignores short ones", () => {
		const redactor = new SecretRedactor()
			.add("SHORT", "abc")
			.add("A", "sk-1234567")
			.add("B", "sk-1234567-long");
		expect(redactor.size).toBe(2);
		expect(redactor.redact("x sk-1234567-long y sk-1234567 abc")).toBe("x [REDACTED:B] y [REDACTED:A] abc");
		const nested = { a: [{ text: "sk-1234567" }], b: 1 };
		expect(redactor.redactInPlace(nested)).toEqual({ a: [{ text: "[REDACTED:A]" }], b: 1 });
	});

	it("keeps a key out of tool results, the next request, the session, the events and provider errors", async () => {
		const scripted = scriptedModel({
			agent: (_request, index) =>
				index === 0
					? { content: [{ type: "toolCall", name: "leak", arguments: {} }] }
					: { content: [], error: { kind: "auth", message: `401: invalid key ${key}` } },
		});
		const session = await SessionManager.inMemory({ cwd: "/work" }).create();
		const redactor = new SecretRedactor().add("OPENAI_API_KEY", key);
		const { harness, events } = await harnessFor(scripted, {
			session,
			tools: [leakyTool()],
			redactor,
			retry: { enabled: false },
		});
		const outcome = await harness.prompt(`My key is ${key}, list the environment.`);

		expect(outcome.kind).toBe("error");
		expect(JSON.stringify(outcome)).not.toContain(key);
		expect(JSON.stringify(outcome)).toContain("[REDACTED:OPENAI_API_KEY]");
		// What the model was sent: the prompt and the tool result, both redacted.
		for (const request of scripted.agentRequests())
			expect(JSON.stringify(request.context)).not.toContain(key);
		const toolResult = session.buildContext().messages.find((message) => message.role === "toolResult");
		expect(textOf(toolResult)).toBe("OPENAI_API_KEY=[REDACTED:OPENAI_API_KEY]\nPATH=/bin");
		expect(JSON.stringify(session.getEntries())).not.toContain(key);
		expect(ofType(events, "tool_execution_update")).toHaveLength(1);
		expect(JSON.stringify(events)).not.toContain(key);
	});
});
