import type { ImageContent, Model, ThinkingLevel } from "@kestrel/ai";
import { roleOf } from "../messages.js";
import { describeThrown, localFailure } from "../run/failures.js";
import type { QueueMode } from "../shell/message-queue.js";
import { RunShell } from "../shell/run-shell.js";
import type { QueuedMessages, RunListener, RunStart } from "../shell/types.js";
import type {
	AgentContext,
	AgentEvent,
	AgentLoopConfig,
	AgentMessage,
	AgentTool,
	RunOutcome,
	StreamFn,
} from "../types.js";
import { type AgentState, type AgentStateSettings, AgentStateStore } from "./agent-state.js";

/**
 * What an {@link Agent} starts with, and the loop hooks it runs with. The hooks are the
 * ones of {@link AgentLoopConfig}; the message getters belong to the Agent's queues.
 */
export interface AgentOptions
	extends Omit<AgentLoopConfig, "model" | "thinkingLevel" | "getSteeringMessages" | "getFollowUpMessages"> {
	model: Model;
	systemPrompt?: string;
	/** Default `off`. */
	thinkingLevel?: ThinkingLevel;
	tools?: AgentTool[];
	/** A transcript to resume. */
	messages?: AgentMessage[];
	/** Default: `stream` from `@kestrel/ai`. */
	streamFn?: StreamFn;
	/** Default `one-at-a-time`. */
	steeringMode?: QueueMode;
	/** Default `one-at-a-time`. */
	followUpMode?: QueueMode;
}

/**
 * Receives every event of every run, with the run's abort signal. Listeners are awaited
 * one after the other, in subscription order, before the run goes on; a run settles only
 * after its `agent_end` listeners finished. A throw ends the run: `prompt` rejects with it.
 */
export type AgentListener = RunListener<AgentEvent>;

/**
 * A stateful shell around the loop: it keeps the transcript, queues steering and
 * follow-up messages while a run is in progress, and fans events out to listeners. The
 * verbs (`subscribe`, `prompt`, `continue`, `steer`, `followUp`, `clearQueues`, `abort`,
 * `waitForIdle`) are the run shell's, with the same semantics as `AgentHarness`'s; misuse
 * fails with an {@link AgentError} (`busy`, `nothing_to_continue`, `disposed`).
 */
export class Agent {
	private readonly store: AgentStateStore;
	private readonly loopOptions: Omit<
		AgentOptions,
		keyof AgentStateSettings | "streamFn" | "steeringMode" | "followUpMode"
	>;
	private readonly streamFn: StreamFn | undefined;
	private readonly shell: RunShell<never, RunOutcome>;

	constructor(options: AgentOptions) {
		const {
			model,
			systemPrompt,
			thinkingLevel,
			tools,
			messages,
			streamFn,
			steeringMode,
			followUpMode,
			...loopOptions
		} = options;
		this.store = new AgentStateStore({
			model,
			systemPrompt: systemPrompt ?? "",
			thinkingLevel: thinkingLevel ?? "off",
			tools: tools ?? [],
			messages: messages ?? [],
		});
		this.loopOptions = loopOptions;
		this.streamFn = streamFn;
		this.shell = new RunShell<never, RunOutcome>({
			name: "Agent",
			run: (start) => this.run(start),
			cannotContinue: () => {
				const last = this.store.messages.at(-1);
				if (last === undefined) return "the transcript is empty";
				return roleOf(last) === "assistant" ? "the last message is an assistant message" : undefined;
			},
			...(steeringMode ? { steeringMode } : {}),
			...(followUpMode ? { followUpMode } : {}),
			beforeListeners: (event) => this.store.apply(event),
		});
	}

	get state(): AgentState {
		return this.store;
	}

	get steeringMode(): QueueMode {
		return this.shell.steeringMode;
	}

	set steeringMode(mode: QueueMode) {
		this.shell.steeringMode = mode;
	}

	get followUpMode(): QueueMode {
		return this.shell.followUpMode;
	}

	set followUpMode(mode: QueueMode) {
		this.shell.followUpMode = mode;
	}

	/** Adds a listener; returns the function that removes it. */
	subscribe(listener: AgentListener): () => void {
		return this.shell.subscribe(listener);
	}

	/**
	 * Starts a run with a user message (text and optional images), a message, or several.
	 * Resolves with the run's outcome once the run and its `agent_end` listeners are done.
	 * Rejects with an `AgentError` `busy` if a run is already in progress (use `steer` or
	 * `followUp` then), `disposed` after {@link dispose}.
	 */
	prompt(text: string, images?: ImageContent[]): Promise<RunOutcome>;
	prompt(message: AgentMessage | AgentMessage[]): Promise<RunOutcome>;
	prompt(input: string | AgentMessage | AgentMessage[], images?: ImageContent[]): Promise<RunOutcome> {
		return this.shell.prompt(input, images);
	}

	/**
	 * Resumes from the transcript (after an abort, an error, or tool results added by
	 * hand). If the transcript is empty or ends with an assistant message, the queued
	 * steering (else follow-up) messages start the run instead; with nothing queued, it
	 * rejects with an `AgentError` `nothing_to_continue` and changes nothing.
	 */
	continue(): Promise<RunOutcome> {
		return this.shell.continue();
	}

	/** Queues a message for the running agent: injected after the current turn's tools. */
	steer(message: string | AgentMessage, images?: ImageContent[]): void {
		this.shell.steer(message, images);
	}

	/** Queues a message for when the agent would stop. */
	followUp(message: string | AgentMessage, images?: ImageContent[]): void {
		this.shell.followUp(message, images);
	}

	hasQueuedMessages(): boolean {
		return this.shell.hasQueuedMessages();
	}

	/** Empties both queues and returns what they held (to put back into an editor). */
	clearQueues(): QueuedMessages {
		return this.shell.clearQueues();
	}

	clearSteeringQueue(): void {
		this.shell.clearQueue("steering");
	}

	clearFollowUpQueue(): void {
		this.shell.clearQueue("followUp");
	}

	/** Empties both queues; {@link clearQueues} also returns what they held. */
	clearAllQueues(): void {
		this.shell.clearQueues();
	}

	/** Aborts the run in progress, if any; `waitForIdle` tells when it has ended. */
	abort(): void {
		this.shell.abort();
	}

	/** Resolves when no run is in progress (at once if none is). Never rejects. */
	waitForIdle(): Promise<void> {
		return this.shell.waitForIdle();
	}

	/**
	 * Ends the agent: aborts a run in progress and resolves once it has ended. Later
	 * `prompt` and `continue` calls reject with an `AgentError` `disposed`. Idempotent.
	 */
	dispose(): Promise<void> {
		return this.shell.dispose();
	}

	/**
	 * Clears the transcript, the queues and the error. Settings (model, tools, …) stay.
	 * @throws AgentError `busy` while a run is in progress: `abort()` and `await waitForIdle()` first.
	 */
	reset(): void {
		this.shell.assertIdle("reset");
		this.store.messages = [];
		this.store.errorMessage = undefined;
		this.store.lastOutcome = undefined;
		this.shell.clearQueues();
	}

	private async run(start: RunStart): Promise<RunOutcome> {
		const store = this.store;
		store.startRun();
		const context: AgentContext = { messages: store.messages, tools: store.tools };
		if (store.systemPrompt) context.systemPrompt = store.systemPrompt;
		const config: Omit<AgentLoopConfig, "getSteeringMessages" | "getFollowUpMessages"> = {
			...this.loopOptions,
			model: store.model,
			thinkingLevel: store.thinkingLevel,
		};
		try {
			const outcome = await this.shell.runAttempt({
				prompts: start.prompts,
				context,
				config,
				signal: start.signal,
				...(this.streamFn ? { streamFn: this.streamFn } : {}),
			});
			return store.lastOutcome ?? outcome;
		} catch (error) {
			// Only the event delivery rejects the loop: a listener failed, so the run ended here.
			store.errorMessage = describeThrown(error);
			store.lastOutcome = {
				kind: "error",
				message: store.errorMessage,
				error: localFailure("agent_listener", error),
			};
			throw error;
		} finally {
			store.endRun();
		}
	}
}
