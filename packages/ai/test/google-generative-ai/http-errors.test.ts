import { describe, expect, it } from "vitest";
import {
	encodeGeminiStream,
	geminiErrorResponse,
} from "../../src/testing/wire-server/google-generative-ai.js";
import { baseOptions, run, testModel, userSays, useWireServer } from "./fixtures.js";

const server = useWireServer();

describe("google-generative-ai: HTTP errors", () => {
	it.each([
		[403, "auth", "PERMISSION_DENIED"],
		[404, "invalid_request", "NOT_FOUND"],
		[504, "timeout", "DEADLINE_EXCEEDED"],
	] as const)(
		"classifies HTTP %i as %s with the status, Google's status string as code and a readable message",
		async (status, kind, code) => {
			const response = geminiErrorResponse(status);
			server.current.enqueue(response);
			const { events, message } = await run(testModel(server.current), userSays());
			expect(events.map((event) => event.type)).toEqual(["start", "error"]);
			expect(message.stopReason).toBe("error");
			expect(message.error).toMatchObject({ kind, status, code });
			// The provider's own message; who failed and how is in provider, api and error.
			expect(message.errorMessage).toBe(JSON.parse(response.body as string).error.message);
			expect(message.content).toEqual([]);
		},
	);

	it("classifies 429 RESOURCE_EXHAUSTED as rate_limit and turns RetryInfo.retryDelay into retryAfterMs", async () => {
		server.current.enqueue(geminiErrorResponse(429));
		const { message } = await run(testModel(server.current), userSays());
		expect(message.error).toMatchObject({
			kind: "rate_limit",
			status: 429,
			code: "RESOURCE_EXHAUSTED",
			retryAfterMs: 7_000,
		});
		expect(message.errorMessage).toContain("You exceeded your current quota");
		expect(message.error?.raw).toMatchObject({ status: "RESOURCE_EXHAUSTED" });
	});

	it("reads a fractional retryDelay in milliseconds", async () => {
		server.current.enqueue(geminiErrorResponse(429, { retryDelay: "53.016342224s" }));
		const { message } = await run(testModel(server.current), userSays());
		expect(message.error?.retryAfterMs).toBe(53_016);
	});

	it("classifies Gemini's input-token-count wording on a 400 as overflow", async () => {
		const wording = "The input token count (1196265) exceeds the maximum number of tokens allowed (1048575).";
		server.current.enqueue(geminiErrorResponse(400, { message: wording }));
		const { message } = await run(testModel(server.current), userSays());
		expect(message.error).toMatchObject({ kind: "overflow", status: 400, code: "INVALID_ARGUMENT" });
		expect(message.errorMessage).toContain(wording);
	});

	it("classifies a 400 with ErrorInfo reason API_KEY_INVALID as auth, keeping the reason as code", async () => {
		server.current.enqueue(
			geminiErrorResponse(400, {
				message: "API key not valid. Please pass a valid API key.",
				reason: "API_KEY_INVALID",
			}),
		);
		const { message } = await run(testModel(server.current), userSays());
		expect(message.error).toMatchObject({ kind: "auth", status: 400, code: "API_KEY_INVALID" });
		expect(message.errorMessage).toContain("API key not valid");
	});

	it("reads a non-JSON error body (a proxy's HTML page) as the message", async () => {
		server.current.enqueue({
			status: 502,
			headers: { "content-type": "text/html" },
			body: "<html>Bad Gateway</html>",
		});
		const { message } = await run(testModel(server.current), userSays());
		expect(message.error).toMatchObject({ kind: "network", status: 502 });
		expect(message.errorMessage).toContain("Bad Gateway");
	});

	it("does not retry by itself with maxRetries 0", async () => {
		server.current.enqueue(geminiErrorResponse(503), geminiErrorResponse(503));
		await run(testModel(server.current), userSays(), baseOptions({ maxRetries: 0 }));
		expect(server.current.requests).toHaveLength(1);
	});

	it("lets the SDK retry when maxRetries is raised", async () => {
		server.current.enqueue(geminiErrorResponse(500, { retryDelay: "0s" }), {
			body: encodeGeminiStream({ blocks: [{ type: "text", text: "second try" }] }),
		});
		const { message } = await run(testModel(server.current), userSays(), baseOptions({ maxRetries: 1 }));
		expect(server.current.requests).toHaveLength(2);
		expect(message.content).toEqual([{ type: "text", text: "second try" }]);
	});
});
