import { describe, expect, it } from "vitest";
import { openaiErrorResponse } from "../../src/testing/wire-server/openai-completions.js";
import type { ErrorKind } from "../../src/types.js";
import { collect, testModel, useWireServer } from "./fixtures.js";

const wire = useWireServer();

describe("openai-completions HTTP errors", () => {
	it.each([[529, "overloaded"]] as const)(
		"classifies HTTP %i as %s and ends with an error event",
		async (status, kind: ErrorKind) => {
			const response = openaiErrorResponse(status);
			wire.current.enqueue(response);
			const { events, message } = await collect(testModel(wire.current));

			expect(events.map((event) => event.type)).toEqual(["start", "error"]);
			expect(message.stopReason).toBe("error");
			expect(message.error?.kind).toBe(kind);
			expect(message.error?.status).toBe(status);
			expect(message.content).toEqual([]);
			// The provider's own message; who failed and how is in provider, api and error.
			expect(message.errorMessage).toBe(JSON.parse(response.body as string).error.message);
		},
	);

	it("classifies a 429 that talks about tokens per min (TPM) as rate_limit, not overflow", async () => {
		wire.current.enqueue(
			openaiErrorResponse(429, {
				code: null,
				type: "tokens",
				message:
					"Rate limit reached for gpt-4o in organization org-abc on tokens per min (TPM): Limit 30000, Used 29000, Requested 9000.",
			}),
		);
		const { message } = await collect(testModel(wire.current));
		expect(message.error?.kind).toBe("rate_limit");
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

	it("classifies a flat (pre-0.10.1 vLLM) 400 body that only says so in its message as overflow", async () => {
		wire.current.enqueue({
			status: 400,
			headers: { "content-type": "application/json" },
			body: JSON.stringify({
				object: "error",
				message:
					"This model's maximum context length is 8192 tokens. However, you requested 9000 tokens (8000 in the messages, 1000 in the completion). Please reduce the length of the messages or completion.",
				type: "BadRequestError",
				param: null,
				code: 400,
			}),
		});
		const model = testModel(wire.current, { provider: "vllm" });
		const { message } = await collect(model);
		expect(message.error?.kind).toBe("overflow");
		expect(message.error?.status).toBe(400);
		expect(message.errorMessage).toContain("maximum context length is 8192 tokens");
	});

	it("classifies an overflow message in OpenAI's error shape without a code as overflow", async () => {
		wire.current.enqueue(
			openaiErrorResponse(400, {
				message: "This model's maximum context length is 8192 tokens. However, you requested 9000 tokens",
			}),
		);
		const { message } = await collect(testModel(wire.current));
		expect(message.error?.kind).toBe("overflow");
	});
});
