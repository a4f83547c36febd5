import { type AssistantMessage, type Model, type ProviderError, zeroUsage } from "@kestrel/ai";
import type { RunOutcome } from "../types.js";
import type { LoopRun } from "./loop-run.js";

/** The hooks (and the stream function) whose failure ends a run with an error message. */
export type LoopHookName =
	| "transformContext"
	| "convertToLlm"
	| "getApiKey"
	| "streamFn"
	| "prepareNextTurn"
	| "shouldStopAfterTurn"
	| "getSteeringMessages"
	| "getFollowUpMessages";

/** A hook threw: carried up to the loop, which turns it into an error assistant message. */
export class HookFailure extends Error {
	constructor(
		readonly hook: LoopHookName,
		readonly thrown: unknown,
	) {
		super(`${hook} failed: ${describeThrown(thrown)}`);
		this.name = "HookFailure";
	}
}

/** Calls a hook; a throw or rejection becomes a {@link HookFailure}. */
export async function callHook<T>(hook: LoopHookName, call: () => T | Promise<T>): Promise<T> {
	try {
		return await call();
	} catch (thrown) {
		throw new HookFailure(hook, thrown);
	}
}

/**
 * The classification of a failure in this process rather than at the provider: a hook,
 * a listener or the stream function threw. Kind `local`, never retried; `code` says
 * which part failed (`agent_hook:<name>`, `agent_listener`), `raw` holds what was thrown.
 */
export function localFailure(code: string, thrown: unknown): ProviderError {
	return { kind: "local", code, raw: thrown };
}

export function describeThrown(thrown: unknown): string {
	if (thrown instanceof Error) return thrown.message || thrown.name;
	if (typeof thrown === "string") return thrown;
	try {
		return JSON.stringify(thrown) ?? String(thrown);
	} catch {
		return String(thrown);
	}
}

/**
 * The assistant message that ends a run after a hook failure or an abort. Content that
 * streamed before the failure is kept, like a provider keeps it on a failed stream.
 */
export function endingMessage(
	model: Model,
	ending: { aborted: true } | { aborted: false; failure: HookFailure },
	partial?: AssistantMessage,
): AssistantMessage {
	const base: AssistantMessage = partial
		? { ...partial, content: [...partial.content] }
		: {
				role: "assistant",
				content: [],
				api: model.api,
				provider: model.provider,
				model: model.id,
				usage: zeroUsage(),
				stopReason: "stop",
				timestamp: Date.now(),
			};
	if (ending.aborted) {
		return {
			...base,
			stopReason: "aborted",
			errorMessage: "The run was aborted.",
			error: { kind: "aborted" },
		};
	}
	const { failure } = ending;
	return {
		...base,
		stopReason: "error",
		errorMessage: failure.message,
		error: localFailure(`agent_hook:${failure.hook}`, failure.thrown),
	};
}

/** The message that ends the run after `failure`, or after an abort if the signal fired. */
export function runEndingMessage(
	run: LoopRun,
	failure: HookFailure,
	partial?: AssistantMessage,
): AssistantMessage {
	return run.signal.aborted
		? endingMessage(run.model, { aborted: true }, partial)
		: endingMessage(run.model, { aborted: false, failure }, partial);
}

/** The outcome of a run whose last assistant message failed or was aborted. */
export function failedOutcome(message: AssistantMessage): RunOutcome {
	if (message.stopReason === "aborted") return { kind: "aborted" };
	const outcome: RunOutcome = { kind: "error", message: message.errorMessage ?? "The model request failed." };
	if (message.error) outcome.error = message.error;
	return outcome;
}
