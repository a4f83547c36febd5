import { DEFAULT_FIRST_BYTE_TIMEOUT_MS, DEFAULT_IDLE_TIMEOUT_MS } from "@kestrel/ai";
import type { TimeoutSettings } from "../retry/types.js";
import type { Attempts } from "./attempts.js";

/*
 * `maxStallMs`: how long one prompt may wait in total on a silent provider, over all its
 * attempts. The harness counts the silence that ended in each timeout, cuts each request's
 * own timeouts to what is left, and stops retrying once it is spent.
 */

/** Counts the silence that ended in the latest timeout; whether the prompt's `maxStallMs` is now spent. */
export function stallBudgetSpent(attempts: Attempts, timeouts: TimeoutSettings | undefined): boolean {
	attempts.stalledMs += Math.max(0, Date.now() - attempts.lastActivityAt);
	const { maxStallMs = 0 } = timeouts ?? {};
	return maxStallMs > 0 && attempts.stalledMs >= maxStallMs;
}

/** The request timeouts of the next attempt: the configured ones, cut to what is left of `maxStallMs`. */
export function requestTimeouts(
	attempts: Attempts,
	settings: TimeoutSettings | undefined,
): { firstByteTimeoutMs?: number; idleTimeoutMs?: number } {
	const { firstByteMs, idleMs, maxStallMs = 0 } = settings ?? {};
	const timeouts: { firstByteTimeoutMs?: number; idleTimeoutMs?: number } = {};
	if (firstByteMs !== undefined) timeouts.firstByteTimeoutMs = firstByteMs;
	if (idleMs !== undefined) timeouts.idleTimeoutMs = idleMs;
	if (maxStallMs <= 0) return timeouts;
	const left = Math.max(1, maxStallMs - attempts.stalledMs);
	// Absent is the provider's default, 0 no limit: either way, at most what is left.
	const cut = (configured: number | undefined, fallback: number) =>
		Math.min(configured === undefined ? fallback : configured === 0 ? left : configured, left);
	timeouts.firstByteTimeoutMs = cut(firstByteMs, DEFAULT_FIRST_BYTE_TIMEOUT_MS);
	timeouts.idleTimeoutMs = cut(idleMs, DEFAULT_IDLE_TIMEOUT_MS);
	return timeouts;
}

/** The outcome of a timeout that is not retried because the budget is spent, saying why. */
export function stallSpentOutcome<T extends { message: string }>(
	outcome: T,
	attempts: Attempts,
	settings: TimeoutSettings | undefined,
): T {
	const { maxStallMs = 0 } = settings ?? {};
	return {
		...outcome,
		message: `${outcome.message} Not retried: this prompt has waited ${seconds(attempts.stalledMs)} on a silent provider, and the limit (maxStallMs) is ${seconds(maxStallMs)}.`,
	};
}

/** `90 s`, `1.5 s`: a duration in ms, for a message. */
function seconds(ms: number): string {
	return `${Number((ms / 1000).toFixed(1))} s`;
}
