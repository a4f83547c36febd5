import { describe, expect, it } from "vitest";
import { classifyFailure } from "../../src/errors/classify.js";
import { describeThrown } from "../../src/errors/from-thrown.js";
import { ProviderHttpError } from "../../src/kit/http-error.js";

async function classified(status: number, body: string, headers: Record<string, string> = {}) {
	const error = await ProviderHttpError.fromResponse(new Response(body, { status, headers }));
	return { error, kind: classifyFailure(describeThrown(error)) };
}

describe("ProviderHttpError", () => {
	it("reads the code and message of the common error bodies and keeps status and retry-after", async () => {
		const nested = await classified(429, '{"error":{"type":"rate_limit_error","message":"slow down"}}', {
			"retry-after": "7",
		});
		expect(nested.error.message).toBe("slow down");
		expect(nested.kind).toMatchObject({
			kind: "rate_limit",
			status: 429,
			code: "rate_limit_error",
			retryAfterMs: 7000,
		});

		const flat = await classified(400, '{"code":"context_length_exceeded","message":"too long"}');
		expect(flat.kind).toMatchObject({ kind: "overflow", code: "context_length_exceeded" });

		// AWS-style bodies name the type in `__type`.
		const aws = await classified(400, '{"__type":"ValidationException","message":"bad field"}');
		expect(aws.error.error).toEqual({ code: "ValidationException", message: "bad field" });
	});

	it("keeps a text body as the message and falls back to the status", async () => {
		const text = await classified(503, "upstream unavailable\n");
		expect(text.error.message).toBe("upstream unavailable");
		expect(text.kind.kind).toBe("overloaded");
		const empty = await classified(401, "");
		expect(empty.error.message).toBe("HTTP 401");
		expect(empty.kind.kind).toBe("auth");
	});
});
