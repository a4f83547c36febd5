import { describe, expect, it } from "vitest";
import { openaiErrorResponse } from "../../src/testing/wire-server/openai-completions.js";
import type { ErrorKind } from "../../src/types.js";
import { collect, testModel, useWireServer } from "./fixtures.js";

const wire = useWireServer();

describe("openai-responses HTTP errors", () => {
	it.each([
		[403, "auth"],
		[404, "invalid_request"],
		[529, "overloaded"],
	] as const)("classifies HTTP %i as %s and ends with an error event", async (status, kind: ErrorKind) => {
		const response = openaiErrorResponse(status);
		wire.current.enqueue(response);
		const { events, message } = await collect(testModel(wire.current));

		expect(wire.current.requests.at(-1)?.path).toBe("/v1/responses");
		expect(events.map((event) => event.type)).toEqual(["start", "error"]);
		expect(message.stopReason).toBe("error");
		expect(message.error?.kind).toBe(kind);
		expect(message.error?.status).toBe(status);
		expect(message.content).toEqual([]);
		// The provider's own message; who failed and how is in provider, api and error.
		expect(message.errorMessage).toBe(JSON.parse(response.body as string).error.message);
	});

	it("classifies a 429 for insufficient_quota as billing, not as a rate limit", async () => {
		wire.current.enqueue(
			openaiErrorResponse(429, {
				type: "insufficient_quota",
				code: "insufficient_quota",
				message: "You exceeded your current quota, please check your plan and billing details.",
			}),
		);
		const { message } = await collect(testModel(wire.current));
		expect(message.error).toMatchObject({ kind: "billing", code: "insufficient_quota" });
	});

	it("classifies a 400 with code context_length_exceeded as overflow", async () => {
		wire.current.enqueue(
			openaiErrorResponse(400, {
				code: "context_length_exceeded",
				message:
					"Your input exceeds the context window of this model. Please adjust your input and try again.",
			}),
		);
		const { message } = await collect(testModel(wire.current));
		expect(message.error).toMatchObject({ kind: "overflow", status: 400, code: "context_length_exceeded" });
	});

	it("classifies a 400 that rejects a replayed item as invalid_request and keeps the server's words", async () => {
		const text =
			"Item 'fc_0123' of type 'function_call' was provided without its required 'reasoning' item: 'rs_0123'.";
		wire.current.enqueue(openaiErrorResponse(400, { message: text }));
		const { message } = await collect(testModel(wire.current));
		expect(message.error?.kind).toBe("invalid_request");
		expect(message.errorMessage).toContain(text);
	});
});
