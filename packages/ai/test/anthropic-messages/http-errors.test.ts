import { describe, expect, it } from "vitest";
import {
	anthropicErrorResponse,
	encodeAnthropicStream,
} from "../../src/testing/wire-server/anthropic-messages.js";
import { run, testModel, userSays, useWireServer } from "./fixtures.js";

const server = useWireServer();

describe("anthropic-messages: HTTP errors", () => {
	it.each([
		[400, "invalid_request", "invalid_request_error"],
		[401, "auth", "authentication_error"],
		[403, "auth", "permission_error"],
		[404, "invalid_request", "not_found_error"],
		[500, "unknown", "api_error"],
		[529, "overloaded", "overloaded_error"],
	] as const)(
		"classifies HTTP %i as %s with the status, the error type and a readable message",
		async (status, kind, type) => {
			const response = anthropicErrorResponse(status);
			server.current.enqueue(response);
			const { events, message } = await run(testModel(server.current), userSays());
			expect(events.map((event) => event.type)).toEqual(["start", "error"]);
			expect(message.stopReason).toBe("error");
			expect(message.error).toMatchObject({ kind, status, code: type });
			// The provider's own message; who failed and how is in provider, api and error.
			expect(message.errorMessage).toBe(JSON.parse(response.body as string).error.message);
			expect(message.content).toEqual([]);
		},
	);

	it("classifies 429 as rate_limit and reads retry-after in milliseconds", async () => {
		server.current.enqueue(anthropicErrorResponse(429, { retryAfterSeconds: 7 }));
		const { message } = await run(testModel(server.current), userSays());
		expect(message.error).toMatchObject({
			kind: "rate_limit",
			status: 429,
			retryAfterMs: 7000,
			code: "rate_limit_error",
		});
		expect(message.errorMessage).toContain("rate limit");
	});

	it("classifies a 400 'prompt is too long' as overflow", async () => {
		server.current.enqueue(
			anthropicErrorResponse(400, { message: "prompt is too long: 210000 tokens > 200000 maximum" }),
		);
		const { message } = await run(testModel(server.current), userSays());
		expect(message.error).toMatchObject({ kind: "overflow", status: 400 });
		expect(message.errorMessage).toContain("prompt is too long: 210000 tokens > 200000 maximum");
	});

	it("classifies 413 request_too_large as overflow", async () => {
		server.current.enqueue(anthropicErrorResponse(413));
		const { message } = await run(testModel(server.current), userSays());
		expect(message.error).toMatchObject({ kind: "overflow", status: 413 });
	});

	it("ends with kind overloaded and keeps the text so far when an error event arrives mid-stream", async () => {
		server.current.enqueue({
			body: encodeAnthropicStream({
				blocks: [{ type: "text", text: "The first part of the answer", deltaSize: 6 }],
				error: { type: "overloaded_error", message: "Overloaded" },
			}),
		});
		const { events, message } = await run(testModel(server.current), userSays());
		expect(events.at(-1)?.type).toBe("error");
		expect(message.stopReason).toBe("error");
		expect(message.error).toMatchObject({ kind: "overloaded", code: "overloaded_error" });
		expect(message.error?.status).toBeUndefined();
		expect(message.errorMessage).toContain("Overloaded");
		expect(message.content).toEqual([{ type: "text", text: "The first part of the answer" }]);
	});

	it("keeps a tool call's partial arguments when the stream fails inside it", async () => {
		const body = encodeAnthropicStream({
			blocks: [
				{
					type: "toolCall",
					id: "toolu_x",
					name: "write",
					arguments: { path: "a.txt", content: "abc" },
					deltaSize: 8,
				},
			],
		});
		const cut = body.indexOf("event: content_block_stop");
		server.current.enqueue({
			body: `${body.slice(0, cut)}event: error\ndata: {"type":"error","error":{"type":"api_error","message":"Internal server error"}}\n\n`,
		});
		const { message } = await run(testModel(server.current), userSays());
		expect(message.error?.kind).toBe("unknown");
		expect(message.content).toEqual([
			{ type: "toolCall", id: "toolu_x", name: "write", arguments: { path: "a.txt", content: "abc" } },
		]);
	});
});
