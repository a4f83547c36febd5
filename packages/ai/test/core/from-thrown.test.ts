import { describe, expect, it } from "vitest";
import { describeThrown } from "../../src/errors/from-thrown.js";

function apiError(status: number | undefined, body: unknown, headers = new Headers()) {
	return Object.assign(new Error(`${status} failure`), { status, error: body, headers });
}

describe("describeThrown", () => {
	it("reads Anthropic's nested error body", () => {
		const body = { type: "error", error: { type: "overloaded_error", message: "Overloaded" } };
		expect(describeThrown(apiError(529, body))).toMatchObject({
			status: 529,
			code: "overloaded_error",
			message: "Overloaded",
			raw: body,
		});
	});

	it("prefers OpenAI's code over its type", () => {
		const body = { message: "too long", type: "invalid_request_error", code: "context_length_exceeded" };
		expect(describeThrown(apiError(400, body))).toMatchObject({ code: "context_length_exceeded" });
	});

	it("takes an HTTP status from a numeric code when the error came inside a 200 stream", () => {
		const facts = describeThrown(apiError(undefined, { message: "Provider returned error", code: 502 }));
		expect(facts.status).toBe(502);
	});

	it("marks connection failures as network and malformed JSON as network with a clear message", () => {
		const connection = Object.assign(new Error("Connection error."), { name: "APIConnectionError" });
		expect(describeThrown(connection).kind).toBe("network");
		const syntax = new SyntaxError("Unexpected token o in JSON at position 1");
		const facts = describeThrown(syntax);
		expect(facts.kind).toBe("network");
		expect(facts.message).toContain("malformed stream chunk");
	});

	it("marks SDK timeouts as timeout", () => {
		const timeout = Object.assign(new Error("Request timed out."), { name: "APIConnectionTimeoutError" });
		expect(describeThrown(timeout).kind).toBe("timeout");
	});

	it("describes a thrown non-error value", () => {
		expect(describeThrown("plain string")).toMatchObject({ message: "plain string" });
	});
});
