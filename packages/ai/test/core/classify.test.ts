import { describe, expect, it } from "vitest";
import { classifyFailure, retryAfterMs } from "../../src/errors/classify.js";

describe("classifyFailure", () => {
	it.each([
		[400, undefined, "invalid_request"],
		[401, undefined, "auth"],
		[403, undefined, "auth"],
		[404, undefined, "invalid_request"],
		[408, undefined, "timeout"],
		[413, undefined, "overflow"],
		[429, undefined, "rate_limit"],
		[500, undefined, "unknown"],
		[502, undefined, "network"],
		[503, undefined, "overloaded"],
		[504, undefined, "timeout"],
		[529, undefined, "overloaded"],
	] as const)("HTTP %i maps to %s", (status, code, kind) => {
		expect(classifyFailure({ status, code }).kind).toBe(kind);
	});

	it("the provider's error type wins over a generic status", () => {
		expect(classifyFailure({ status: 400, code: "context_length_exceeded" }).kind).toBe("overflow");
		expect(classifyFailure({ code: "overloaded_error" }).kind).toBe("overloaded");
		expect(classifyFailure({ status: 413, code: "rate_limit_exceeded" }).kind).toBe("rate_limit");
	});

	it("a specific status refines a generic provider type", () => {
		expect(classifyFailure({ status: 429, code: "invalid_request_error" }).kind).toBe("rate_limit");
	});

	it("falls back to the overflow wording table for generic failures only", () => {
		const message = "This model's maximum context length is 8192 tokens. However, you requested 9000 tokens";
		expect(classifyFailure({ status: 400, message }).kind).toBe("overflow");
		expect(classifyFailure({ status: 429, message }).kind).toBe("rate_limit");
	});

	it("keeps status, code, retry-after and the raw body", () => {
		const raw = { error: { type: "rate_limit_error" } };
		expect(
			classifyFailure({ status: 429, code: "rate_limit_error", headers: { "Retry-After": "3" }, raw }),
		).toEqual({
			kind: "rate_limit",
			status: 429,
			code: "rate_limit_error",
			retryAfterMs: 3000,
			raw,
		});
	});
});

describe("retryAfterMs", () => {
	it("reads retry-after-ms first, then retry-after seconds", () => {
		expect(retryAfterMs(new Headers({ "retry-after-ms": "1500", "retry-after": "9" }))).toBe(1500);
		expect(retryAfterMs(new Headers({ "retry-after": "2.5" }))).toBe(2500);
	});

	it("reads an HTTP date relative to now", () => {
		const now = Date.parse("2026-01-01T00:00:00Z");
		expect(retryAfterMs({ "retry-after": "Thu, 01 Jan 2026 00:00:30 GMT" }, now)).toBe(30_000);
	});

	it("returns undefined for missing or unreadable values", () => {
		expect(retryAfterMs(new Headers())).toBeUndefined();
		expect(retryAfterMs({ "retry-after": "soon" })).toBeUndefined();
	});
});
