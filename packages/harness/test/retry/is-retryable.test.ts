import type { ErrorKind } from "@kestrel/ai";
import { describe, expect, it } from "vitest";
import { isRetryable } from "../../src/retry/index.js";

describe("isRetryable", () => {
	it.each<ErrorKind>(["rate_limit", "overloaded", "network", "timeout"])("retries %s", (kind) => {
		expect(isRetryable({ kind })).toBe(true);
	});

	it.each<ErrorKind>(["auth", "billing", "invalid_request", "overflow", "aborted"])(
		"never retries %s, whatever the status",
		(kind) => {
			expect(isRetryable({ kind })).toBe(false);
			expect(isRetryable({ kind, status: 503 })).toBe(false);
		},
	);

	it("never retries a spent quota, even though OpenAI sends it as a 429 with retry-after", () => {
		expect(
			isRetryable({ kind: "billing", status: 429, code: "insufficient_quota", retryAfterMs: 1_000 }),
		).toBe(false);
	});

	it("retries unknown errors only when the server answered with a 5xx status", () => {
		expect(isRetryable({ kind: "unknown", status: 500 })).toBe(true);
		expect(isRetryable({ kind: "unknown", status: 502 })).toBe(true);
		expect(isRetryable({ kind: "unknown", status: 499 })).toBe(false);
		expect(isRetryable({ kind: "unknown" })).toBe(false);
	});

	it("does not retry a failure without a classification", () => {
		expect(isRetryable(undefined)).toBe(false);
	});
});
