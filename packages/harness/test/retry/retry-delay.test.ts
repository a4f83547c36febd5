import type { ProviderError } from "@kestrel/ai";
import { describe, expect, it } from "vitest";
import { DEFAULT_RETRY_SETTINGS, type RetrySettings, retryDelay } from "../../src/retry/index.js";

const settings: RetrySettings = { ...DEFAULT_RETRY_SETTINGS, maxAttempts: 8 };
const overloaded: ProviderError = { kind: "overloaded", status: 529 };
const low = () => 0;
const high = () => 1;

describe("retryDelay without retry-after", () => {
	it("doubles from the base delay, with equal jitter between half the step and the step", () => {
		const steps = [2_000, 4_000, 8_000, 16_000, 32_000];
		steps.forEach((step, index) => {
			const attempt = index + 1;
			expect(retryDelay(overloaded, attempt, settings, low)).toBe(step / 2);
			expect(retryDelay(overloaded, attempt, settings, high)).toBe(step);
			const middle = retryDelay(overloaded, attempt, settings, () => 0.5);
			expect(middle).toBe((step * 3) / 4);
		});
	});

	it("caps the step at maxDelayMs", () => {
		for (const attempt of [6, 7, 8]) {
			expect(retryDelay(overloaded, attempt, settings, low)).toBe(30_000);
			expect(retryDelay(overloaded, attempt, settings, high)).toBe(60_000);
		}
		const huge = { ...settings, maxAttempts: 5_000 };
		expect(retryDelay(overloaded, 5_000, huge, high)).toBe(60_000);
	});

	it("keeps the wait inside the bounds when a custom random strays outside [0, 1]", () => {
		expect(retryDelay(overloaded, 1, settings, () => -3)).toBe(1_000);
		expect(retryDelay(overloaded, 1, settings, () => 7)).toBe(2_000);
		expect(retryDelay(overloaded, 1, settings, () => Number.NaN)).toBe(1_000);
	});
});

describe("retryDelay with retry-after", () => {
	it("waits at least what the server asked, plus at most 10 % (and a second) of jitter", () => {
		const rateLimited: ProviderError = { kind: "rate_limit", status: 429, retryAfterMs: 5_000 };
		expect(retryDelay(rateLimited, 1, settings, low)).toBe(5_000);
		expect(retryDelay(rateLimited, 1, settings, high)).toBe(5_500);
		// Later attempts do not grow the server's figure.
		expect(retryDelay(rateLimited, 4, settings, low)).toBe(5_000);
		const long: ProviderError = { kind: "rate_limit", retryAfterMs: 90_000 };
		expect(retryDelay(long, 1, settings, high)).toBe(91_000);
	});

	it("honours a retry-after longer than maxDelayMs up to maxRetryAfterMs", () => {
		const atCap: ProviderError = { kind: "rate_limit", retryAfterMs: 120_000 };
		expect(retryDelay(atCap, 1, settings, low)).toBe(120_000);
	});

	it("does not retry when the server asks for more than maxRetryAfterMs", () => {
		const tooLong: ProviderError = { kind: "rate_limit", retryAfterMs: 120_001 };
		expect(retryDelay(tooLong, 1, settings, low)).toBeUndefined();
		expect(retryDelay(tooLong, 1, { ...settings, maxRetryAfterMs: 300_000 }, low)).toBe(120_001);
	});

	it("treats a zero retry-after as 'now'", () => {
		expect(retryDelay({ kind: "rate_limit", retryAfterMs: 0 }, 1, settings, high)).toBe(0);
	});
});

describe("retryDelay limits", () => {
	it("stops after maxAttempts retries", () => {
		const three = { ...DEFAULT_RETRY_SETTINGS };
		expect(retryDelay(overloaded, 3, three, low)).toBe(4_000);
		expect(retryDelay(overloaded, 4, three, low)).toBeUndefined();
		expect(retryDelay(overloaded, 1, { ...three, maxAttempts: 0 }, low)).toBeUndefined();
	});

	it("rejects attempt numbers below 1", () => {
		expect(retryDelay(overloaded, 0, settings, low)).toBeUndefined();
		expect(retryDelay(overloaded, Number.NaN, settings, low)).toBeUndefined();
	});

	it("does not retry when retries are disabled", () => {
		expect(retryDelay(overloaded, 1, { ...settings, enabled: false }, low)).toBeUndefined();
	});

	it("does not retry errors that are not retryable", () => {
		expect(retryDelay({ kind: "auth", status: 401 }, 1, settings, low)).toBeUndefined();
		expect(
			retryDelay({ kind: "invalid_request", status: 400, retryAfterMs: 10 }, 1, settings, low),
		).toBeUndefined();
		expect(retryDelay(undefined, 1, settings, low)).toBeUndefined();
	});

	it("keeps the defaults frozen", () => {
		expect(Object.isFrozen(DEFAULT_RETRY_SETTINGS)).toBe(true);
		expect(DEFAULT_RETRY_SETTINGS).toEqual({
			enabled: true,
			maxAttempts: 3,
			baseDelayMs: 2_000,
			maxDelayMs: 60_000,
			maxRetryAfterMs: 120_000,
		});
	});
});
