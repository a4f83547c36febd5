import { describe, expect, it } from "vitest";
import { anthropicErrorResponse } from "../../src/testing/wire-server/anthropic-messages.js";
import { run, testModel, userSays, useWireServer } from "./fixtures.js";

const server = useWireServer();

describe("anthropic-messages: HTTP errors", () => {
	it.each([
		[403, "auth", "permission_error"],
		[404, "invalid_request", "not_found_error"],
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
});
