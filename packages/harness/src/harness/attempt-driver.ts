import type { AgentContext, AgentEvent, AgentMessage, AttemptRequest, RunOutcome } from "@kestrel/agent-core";
import { convertHarnessMessages } from "../messages.js";
import { abortableSleep } from "../retry/abortable-sleep.js";
import type { RetrySettings } from "../retry/types.js";
import { type Attempts, foldStats, respondToFailure } from "./attempts.js";
import type { HarnessCompaction } from "./harness-compaction.js";
import type { HarnessTools } from "./harness-tools.js";
import type { ModelControl } from "./model-control.js";
import { redactEvent } from "./redact-event.js";
import { failureOutcome, wordHarnessFailure } from "./run-failure.js";
import type { SessionCursor } from "./session-cursor.js";
import { requestTimeouts, stallBudgetSpent, stallSpentOutcome } from "./stall-budget.js";
import type { TurnPreparation } from "./turn-preparation.js";
import type { AgentHarnessOptions, HarnessEvent } from "./types.js";

/** The loop options the driver passes through, as the app gave them. */
export type DriverOptions = Pick<
	AgentHarnessOptions,
	| "streamFn"
	| "getApiKey"
	| "streamOptions"
	| "timeouts"
	| "toolExecution"
	| "beforeToolCall"
	| "afterToolCall"
	| "shouldStopAfterTurn"
	| "redactor"
>;

/** What the attempt driver works with. */
export interface AttemptDriverHost {
	options: DriverOptions;
	retry: RetrySettings;
	cursor: SessionCursor;
	tools: HarnessTools;
	compaction: HarnessCompaction;
	models: ModelControl;
	turns: TurnPreparation;
	/** The run shell's `runAttempt`: one loop run fed by the shell's queues. */
	attempt(request: AttemptRequest<HarnessEvent>): Promise<RunOutcome>;
	/** The run shell's `emit`. */
	emit(event: HarnessEvent): Promise<void>;
}

/**
 * The attempts of one prompt: it runs the loop, persists and relays its events, and after
 * a failed attempt retries, or compacts and retries, as the failure allows. Every failure
 * ends up in `attempts.outcome`; only a listener's or the session's throw leaves `drive`.
 */
export class AttemptDriver {
	constructor(private readonly host: AttemptDriverHost) {}

	/** Runs `prompts` (or continues the session, `undefined`) until done; the result is `attempts.outcome`. */
	async drive(attempts: Attempts, prompts: AgentMessage[] | undefined): Promise<void> {
		const { tools, compaction, models, turns } = this.host;
		if (!(await tools.startUnlessAborted(attempts.signal))) return;
		models.record();
		let context = await turns.attemptContext(prompts === undefined);
		const tooSmall = turns.tooSmall({ systemPrompt: context.systemPrompt, tools: context.tools ?? [] });
		if (tooSmall) {
			attempts.outcome = failureOutcome(tooSmall);
			return;
		}
		if (prompts && compaction.due([...context.messages, ...prompts], context.systemPrompt)) {
			const { stop } = await compaction.inRun(attempts, "threshold", false, context.systemPrompt);
			if (stop) {
				attempts.outcome = failureOutcome(stop);
				return;
			}
			context = await turns.attemptContext(false);
		}
		let pendingPrompts = prompts;
		while (true) {
			const outcome = await this.runOnce(attempts, pendingPrompts, context);
			pendingPrompts = undefined;
			attempts.outcome = outcome;
			if (outcome.kind !== "error" || attempts.signal.aborted) {
				if (attempts.retries > 0 && outcome.kind !== "aborted") await this.endRetries(attempts, true);
				if (outcome.kind === "error" && attempts.signal.aborted) attempts.outcome = { kind: "aborted" };
				return;
			}
			if (outcome.error?.kind === "timeout" && stallBudgetSpent(attempts, this.host.options.timeouts)) {
				if (attempts.retries > 0) await this.endRetries(attempts, false, outcome.message);
				attempts.outcome = stallSpentOutcome(outcome, attempts, this.host.options.timeouts);
				return;
			}
			const response = respondToFailure(outcome.error, attempts, compaction.settings, this.host.retry);
			if (response.action === "compact_and_retry") {
				attempts.overflowRetried = true;
				const { effective, stop } = await compaction.inRun(attempts, "overflow", true, context.systemPrompt);
				if (stop) attempts.outcome = failureOutcome(stop);
				if (!effective) return;
				context = await turns.attemptContext(true);
				continue;
			}
			if (response.action === "give_up") {
				if (attempts.retries > 0) await this.endRetries(attempts, false, outcome.message);
				return;
			}
			if (!(await this.waitToRetry(attempts, outcome, response.delayMs))) return;
			context = await turns.attemptContext(true);
		}
	}

	/** Announces a retry and waits for it; false (and the outcome `aborted`) when aborted during the wait. */
	private async waitToRetry(
		attempts: Attempts,
		failed: Extract<RunOutcome, { kind: "error" }>,
		delayMs: number,
	): Promise<boolean> {
		attempts.retries += 1;
		await this.host.emit({
			type: "retry_start",
			attempt: attempts.retries,
			maxAttempts: this.host.retry.maxAttempts,
			delayMs,
			error: failed.error!,
			errorMessage: failed.message,
		});
		try {
			await abortableSleep(delayMs, attempts.signal);
			return true;
		} catch {
			await this.endRetries(attempts, false, "aborted during the wait");
			attempts.outcome = { kind: "aborted" };
			return false;
		}
	}

	private async endRetries(attempts: Attempts, success: boolean, errorMessage?: string): Promise<void> {
		const attempt = attempts.retries;
		attempts.retries = 0;
		await this.host.emit(
			errorMessage === undefined
				? { type: "retry_end", attempt, success }
				: { type: "retry_end", attempt, success, errorMessage },
		);
	}

	/** One loop run; its events are persisted and relayed, its `agent_start`/`agent_end` folded into the prompt's. */
	private runOnce(
		attempts: Attempts,
		prompts: AgentMessage[] | undefined,
		context: AgentContext,
	): Promise<RunOutcome> {
		const { cursor, options } = this.host;
		attempts.lastActivityAt = Date.now();
		const sink = async (event: AgentEvent, emit: (event: HarnessEvent) => Promise<void>): Promise<void> => {
			// A request starts with its turn; the provider is heard from in updates. (An error's
			// message events arrive only once it has given up, so they do not count.)
			if (event.type === "turn_start" || event.type === "message_update")
				attempts.lastActivityAt = Date.now();
			// Before anything is persisted, relayed or sent on: see `AgentHarnessOptions.redactor`.
			redactEvent(event, options.redactor);
			if (event.type === "message_end") wordHarnessFailure(event.message);
			switch (event.type) {
				case "agent_start":
					return;
				case "agent_end":
					foldStats(attempts.stats, event.stats);
					return;
				case "message_end": {
					const entry = cursor.append(event.message);
					// "Persisted" means stored: a database backend commits before the event goes out.
					await cursor.session.stored();
					attempts.messages.push(event.message);
					await emit({ type: "entry_persisted", entry });
					break;
				}
				case "turn_end":
					await cursor.session.flush();
					if (event.message.stopReason !== "error" && event.message.stopReason !== "aborted") {
						attempts.overflowRetried = false;
						if (attempts.retries > 0) {
							await emit(event);
							await this.endRetries(attempts, true);
							return;
						}
					}
					break;
			}
			await emit(event);
		};
		return this.host.attempt({
			prompts,
			context,
			config: this.loopConfig(attempts),
			signal: attempts.signal,
			...(options.streamFn ? { streamFn: options.streamFn } : {}),
			sink,
		});
	}

	private loopConfig(attempts: Attempts): AttemptRequest<HarnessEvent>["config"] {
		const { options, models, cursor, turns } = this.host;
		return {
			model: models.model,
			thinkingLevel: models.thinkingLevel,
			streamOptions: {
				...options.streamOptions,
				...requestTimeouts(attempts, options.timeouts),
				sessionId: options.streamOptions?.sessionId ?? cursor.session.id,
			},
			getApiKey: options.getApiKey,
			convertToLlm: convertHarnessMessages,
			toolExecution: options.toolExecution,
			beforeToolCall: options.beforeToolCall,
			afterToolCall: options.afterToolCall,
			shouldStopAfterTurn: options.shouldStopAfterTurn,
			prepareNextTurn: (turn) => turns.nextTurn(attempts, turn),
		};
	}
}
