import { describe, expect, it } from "vitest";
import { encodeGeminiStream } from "../../src/testing/wire-server/google-generative-ai.js";
import { run, testModel, userSays, useWireServer } from "./fixtures.js";

const server = useWireServer();

describe("google-generative-ai: finish reasons", () => {
	it.each([
		["FINISH_REASON_UNSPECIFIED", "stop"],
		["CONTINUATION", "length"],
	] as const)("maps %s to %s with a done event and keeps the raw value", async (raw, expected) => {
		server.current.enqueue({
			body: encodeGeminiStream({ blocks: [{ type: "text", text: "partial answer" }], stop: raw }),
		});
		const { events, message } = await run(testModel(server.current), userSays());
		const last = events.at(-1);
		expect(last?.type === "done" && last.reason).toBe(expected);
		expect(message.stopReason).toBe(expected);
		expect(message.rawStopReason).toBe(raw);
		expect(message.errorMessage).toBeUndefined();
		expect(message.content).toEqual([{ type: "text", text: "partial answer" }]);
	});

	it.each([
		"RECITATION",
		"LANGUAGE",
		"OTHER",
		"BLOCKLIST",
		"PROHIBITED_CONTENT",
		"SPII",
		"MALFORMED_FUNCTION_CALL",
		"UNEXPECTED_TOOL_CALL",
		"TOO_MANY_TOOL_CALLS",
		"IMAGE_SAFETY",
	])(
		"ends %s with an error (invalid_request, code = the reason) that keeps the partial text",
		async (raw) => {
			server.current.enqueue({
				body: encodeGeminiStream({ blocks: [{ type: "text", text: "Once upon" }], stop: raw }),
			});
			const { events, message } = await run(testModel(server.current), userSays());
			expect(events.at(-1)?.type).toBe("error");
			expect(message.stopReason).toBe("error");
			expect(message.rawStopReason).toBe(raw);
			expect(message.error).toEqual({ kind: "invalid_request", code: raw });
			expect(message.errorMessage).toContain(`finishReason ${raw}`);
			expect(message.content).toEqual([{ type: "text", text: "Once upon" }]);
		},
	);

	it("ends a SAFETY finish with an error naming the blocked categories", async () => {
		server.current.enqueue({
			body: encodeGeminiStream(
				{ blocks: [{ type: "text", text: "Here is how", deltaSize: 5 }], stop: "SAFETY" },
				{ blockedCategories: ["HARM_CATEGORY_DANGEROUS_CONTENT", "HARM_CATEGORY_HARASSMENT"] },
			),
		});
		const { message } = await run(testModel(server.current), userSays());
		expect(message.stopReason).toBe("error");
		expect(message.error).toEqual({ kind: "invalid_request", code: "SAFETY" });
		expect(message.errorMessage).toContain("safety");
		expect(message.errorMessage).toContain("HARM_CATEGORY_DANGEROUS_CONTENT, HARM_CATEGORY_HARASSMENT");
		expect(message.content).toEqual([{ type: "text", text: "Here is how" }]);
	});

	it("ends a blocked prompt (promptFeedback.blockReason) with an error carrying the reason and the usage", async () => {
		server.current.enqueue({
			body: encodeGeminiStream(
				{ blocks: [], usage: { input: 42, output: 0 } },
				{
					promptBlock: {
						reason: "PROHIBITED_CONTENT",
						message: "The prompt may contain prohibited content.",
					},
				},
			),
		});
		const { events, message } = await run(testModel(server.current), userSays());
		expect(events.map((event) => event.type)).toEqual(["start", "error"]);
		expect(message.stopReason).toBe("error");
		expect(message.error).toEqual({ kind: "invalid_request", code: "PROHIBITED_CONTENT" });
		expect(message.errorMessage).toContain("blockReason PROHIBITED_CONTENT");
		expect(message.errorMessage).toContain("The prompt may contain prohibited content.");
		expect(message.usage.input).toBe(42);
		expect(message.content).toEqual([]);
	});

	it("takes the last finishReason when every chunk repeats one, as older models do", async () => {
		const body = encodeGeminiStream({ blocks: [{ type: "text", text: "one two three", deltaSize: 4 }] });
		server.current.enqueue({ body: body.replaceAll('"index": 0}', '"index": 0,"finishReason": "STOP"}') });
		const { message } = await run(testModel(server.current), userSays());
		expect(message.stopReason).toBe("stop");
		expect(message.content).toEqual([{ type: "text", text: "one two three" }]);
	});
});
