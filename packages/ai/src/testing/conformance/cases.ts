import { contentCases } from "./content-cases.js";
import { failureCases } from "./failure-cases.js";
import type { ConformanceCase, ConformanceTarget } from "./target.js";

/**
 * The provider conformance suite: every behaviour a Kestrel provider must show on the
 * wire, as cases that run under any test runner. Each case starts its own loopback wire
 * server, serves what the target's encoder makes, drives the target's provider (and so
 * its real SDK) against it, and checks the stream contract on every request (one
 * terminal event, `result()` always settles, the block events in order).
 *
 * It covers text; thinking (with its signature, where the API signs it); tool calls,
 * one and several; the same final message from 1-byte writes, two-piece splits (around
 * every line end, inside every UTF-8 character, every 8th byte) and seeded random splits
 * of the body; usage and
 * cost; every stop reason and an unknown one; HTTP 400, 401, 429 (with `retry-after`),
 * 500 and 503; an error event mid-stream; a malformed frame; bodies cut off between and
 * inside frames; abort before the request, while awaiting headers and mid-stream;
 * first-byte and idle stalls; a dropped connection; an unreachable server.
 *
 * ```ts
 * import { conformanceCases } from "@kestrel/ai/testing";
 * for (const c of conformanceCases(target)) test(c.name, c.run, c.timeoutMs);
 * ```
 *
 * Cases never assert on elapsed time, so they hold on a loaded machine; run them one at
 * a time (the default of most runners within a file).
 */
export function conformanceCases(target: ConformanceTarget): ConformanceCase[] {
	checkTarget(target);
	return [...contentCases(target), ...failureCases(target)];
}

function checkTarget(target: ConformanceTarget): void {
	const problems: string[] = [];
	if (typeof target?.model !== "function") problems.push("model(serverUrl) is missing");
	if (typeof target?.encode !== "function") problems.push("encode(script) is missing");
	if (typeof target?.errorResponse !== "function") problems.push("errorResponse(status, error) is missing");
	const provider = target?.provider as unknown;
	const streams =
		typeof provider === "function" ||
		typeof (provider as { stream?: unknown } | undefined)?.stream === "function";
	if (!streams) problems.push("provider must be a ProviderImplementation or a stream function");
	for (const key of ["stop", "length", "toolUse", "unknown"] as const) {
		if (!target?.stopReasons?.[key]) problems.push(`stopReasons.${key} is missing`);
	}
	if (!target?.streamError?.type || !target.streamError.kind)
		problems.push("streamError needs a type and a kind");
	if (!target?.malformedFrame?.length) problems.push("malformedFrame is missing");
	if (!target?.features)
		problems.push("features is missing (thinking, toolArguments, cacheWrite, responseId)");
	if (problems.length) {
		throw new TypeError(
			`conformanceCases: the target is incomplete: ${problems.join("; ")}. See ConformanceTarget.`,
		);
	}
}
