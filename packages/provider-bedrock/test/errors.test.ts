import type { ErrorKind } from "@kestrel/ai";
import { describe, expect, it } from "vitest";
import {
	bedrockErrorResponse,
	bedrockEventFrame,
	bedrockExceptionFrame,
	bedrockStreamResponse,
	encodeEventStreamMessage,
} from "../src/testing/index.js";
import { collect, testModel, useWireServer } from "./fixtures.js";

const wire = useWireServer();

/** The start of a stream with some text, for exceptions that come after it. */
function answerSoFar(): Uint8Array[] {
	return [
		bedrockEventFrame("messageStart", { role: "assistant" }),
		bedrockEventFrame("contentBlockDelta", { contentBlockIndex: 0, delta: { text: "Half an" } }),
	];
}

describe("Bedrock's exceptions as HTTP errors before the stream", () => {
	const cases: [number, string, ErrorKind][] = [
		[400, "ValidationException", "invalid_request"],
		[403, "AccessDeniedException", "auth"],
		[404, "ResourceNotFoundException", "invalid_request"],
		[408, "ModelTimeoutException", "timeout"],
		[424, "ModelErrorException", "invalid_request"],
		[429, "ThrottlingException", "rate_limit"],
		[429, "ModelNotReadyException", "rate_limit"],
		[500, "InternalServerException", "unknown"],
		[503, "ServiceUnavailableException", "overloaded"],
	];
	it.each(cases)(
		"HTTP %i %s → %s, the exception's name as code, its message kept",
		async (status, type, kind) => {
			wire.server.enqueue(bedrockErrorResponse(status, { type, message: `${type} says no.` }));
			const { message, events } = await collect(testModel(wire.server));
			expect(events.map((event) => event.type)).toEqual(["start", "error"]);
			expect(message.error).toMatchObject({ kind, status, code: type });
			expect(message.errorMessage).toContain(`${type} says no.`);
		},
	);

	it("a ThrottlingException with retry-after gives retryAfterMs", async () => {
		wire.server.enqueue(bedrockErrorResponse(429, { retryAfterSeconds: 3 }));
		const { message } = await collect(testModel(wire.server));
		expect(message.error).toMatchObject({ kind: "rate_limit", retryAfterMs: 3000 });
	});

	it.each([
		"Input is too long for requested model.",
		"The model returned the following errors: prompt is too long: 200049 tokens > 200000 maximum",
	])("a ValidationException that says the input is too long → overflow: %s", async (text) => {
		wire.server.enqueue(bedrockErrorResponse(400, { type: "ValidationException", message: text }));
		const { message } = await collect(testModel(wire.server));
		expect(message.error).toMatchObject({ kind: "overflow", status: 400, code: "ValidationException" });
		expect(message.errorMessage).toContain(text);
	});

	it("another ValidationException stays invalid_request", async () => {
		wire.server.enqueue(bedrockErrorResponse(400, { message: "The provided model identifier is invalid." }));
		const { message } = await collect(testModel(wire.server));
		expect(message.error?.kind).toBe("invalid_request");
	});
});

describe("Bedrock's exceptions as frames inside the stream", () => {
	const cases: [string, ErrorKind, number][] = [
		["ThrottlingException", "rate_limit", 429],
		["ServiceUnavailableException", "overloaded", 503],
		["InternalServerException", "unknown", 500],
		["ModelTimeoutException", "timeout", 408],
		["ValidationException", "invalid_request", 400],
		// Documented as a stream that broke on the model's side, to be retried.
		["ModelStreamErrorException", "network", 424],
	];
	it.each(cases)(
		"%s → %s (the status Bedrock documents for it, %i), the text so far kept",
		async (type, kind, status) => {
			wire.server.enqueue(
				bedrockStreamResponse([...answerSoFar(), bedrockExceptionFrame(type, "It broke.")]),
			);
			const { message } = await collect(testModel(wire.server));
			expect(message.stopReason).toBe("error");
			expect(message.error).toMatchObject({ kind, status, code: type });
			expect(message.errorMessage).toContain("It broke.");
			expect(message.content).toEqual([{ type: "text", text: "Half an" }]);
		},
	);

	it("a ModelStreamErrorException carries the model's own status when it has one", async () => {
		const frame = bedrockExceptionFrame("ModelStreamErrorException", "The model stream failed.", {
			originalStatusCode: 503,
			originalMessage: "overloaded",
		});
		wire.server.enqueue(bedrockStreamResponse([...answerSoFar(), frame]));
		const { message } = await collect(testModel(wire.server));
		expect(message.error).toMatchObject({
			kind: "overloaded",
			status: 503,
			code: "ModelStreamErrorException",
		});
	});

	it("an input-too-long ValidationException in the stream → overflow", async () => {
		const frame = bedrockExceptionFrame("ValidationException", "Input is too long for requested model.");
		wire.server.enqueue(
			bedrockStreamResponse([bedrockEventFrame("messageStart", { role: "assistant" }), frame]),
		);
		const { message } = await collect(testModel(wire.server));
		expect(message.error?.kind).toBe("overflow");
	});

	it("an exception type the SDK does not model keeps its name as code and its message", async () => {
		const frame = bedrockExceptionFrame("QuotaOfTheFutureException", "Not today.");
		wire.server.enqueue(bedrockStreamResponse([...answerSoFar(), frame]));
		const { message } = await collect(testModel(wire.server));
		expect(message.error).toMatchObject({ kind: "unknown", code: "QuotaOfTheFutureException" });
		expect(message.errorMessage).toBe("Not today.");
	});

	it("an error frame (:message-type error) ends the stream with its code and message", async () => {
		const frame = encodeEventStreamMessage({
			headers: {
				":message-type": "error",
				":error-code": "InternalFailure",
				":error-message": "Something failed.",
			},
			payload: "",
		});
		wire.server.enqueue(bedrockStreamResponse([...answerSoFar(), frame]));
		const { message } = await collect(testModel(wire.server));
		expect(message.stopReason).toBe("error");
		expect(message.errorMessage).toContain("Something failed.");
		expect(message.content).toEqual([{ type: "text", text: "Half an" }]);
	});
});
