import type { ImageContent, Model, ThinkingLevel } from "@kestrel/ai";
import { MessageQueue, type QueueMode } from "./agent-queue.js";
import { type AgentState, type AgentStateSettings, AgentStateStore } from "./agent-state.js";
import { runAgentLoop, runAgentLoopContinue } from "./loop/agent-loop.js";
import { describeThrown } from "./loop/failures.js";
import { createUserMessage, roleOf } from "./messages.js";
import type {
	AgentContext,
	AgentEvent,
	AgentLoopConfig,
	AgentMessage,
	AgentTool,
	RunOutcome,
	StreamFn,
} from "./types.js";

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
export type AgentListener = (event: AgentEvent, signal: AbortSignal) => void | Promise<void>;

/**
 * A stateful shell around the loop: it keeps the transcript, queues steering and
 * follow-up messages while a run is in progress, and fans events out to listeners.
 */
export class Agent {
	private readonly store: AgentStateStore;
	private readonly loopOptions: Omit<
		AgentOptions,
		keyof AgentStateSettings | "streamFn" | "steeringMode" | "followUpMode"
	>;
	private readonly streamFn: StreamFn | undefined;
	private readonly steeringQueue: MessageQueue;
	private readonly followUpQueue: MessageQueue;
	private readonly listeners = new Set<AgentListener>();
	private active: { controller: AbortController; idle: Promise<void> } | undefined;

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
		this.steeringQueue = new MessageQueue(steeringMode ?? "one-at-a-time");
		this.followUpQueue = new MessageQueue(followUpMode ?? "one-at-a-time");
	}

	get state(): AgentState {
		return this.store;
	}

	get steeringMode(): QueueMode {
		return this.steeringQueue.mode;
	}

	set steeringMode(mode: QueueMode) {
		this.steeringQueue.mode = mode;
	}

	get followUpMode(): QueueMode {
		return this.followUpQueue.mode;
	}

	set followUpMode(mode: QueueMode) {
		this.followUpQueue.mode = mode;
	}

	/** Adds a listener; returns the function that removes it. */
	subscribe(listener: AgentListener): () => void {
		this.listeners.add(listener);
		return () => {
			this.listeners.delete(listener);
		};
	}

	/**
	 * Starts a run with a user message (text and optional images), a message, or several.
	 * Resolves with the run's outcome once the run and its `agent_end` listeners are done.
	 * Rejects if a run is already in progress: use `steer` or `followUp` then.
	 */
	prompt(text: string, images?: ImageContent[]): Promise<RunOutcome>;
	prompt(message: AgentMessage | AgentMessage[]): Promise<RunOutcome>;
	async prompt(input: string | AgentMessage | AgentMessage[], images?: ImageContent[]): Promise<RunOutcome> {
		this.assertIdle("prompt");
		const prompts =
			typeof input === "string"
				? [createUserMessage(input, images)]
				: Array.isArray(input)
					? [...input]
					: [input];
		return this.run(prompts);
	}

	/**
	 * Resumes from the transcript (after an abort, an error, or tool results added by
	 * hand). If the transcript is empty or ends with an assistant message, the next queued
	 * steering (else follow-up) message starts the run instead; with nothing queued, it
	 * rejects and changes nothing.
	 */
	async continue(): Promise<RunOutcome> {
		this.assertIdle("continue");
		const last = this.store.messages.at(-1);
		if (last === undefined || roleOf(last) === "assistant") {
			const queued = this.steeringQueue.length > 0 ? this.steeringQueue.drain() : this.followUpQueue.drain();
			if (queued.length > 0) return this.run(queued);
			throw new Error(
				last === undefined
					? "Agent.continue: the transcript is empty and nothing is queued; use prompt()."
					: "Agent.continue: the last message is an assistant message and nothing is queued; " +
							"use prompt(), or queue a message with steer() or followUp().",
			);
		}
		return this.run(undefined);
	}

	/** Queues a message for the running agent: injected after the current turn's tools. */
	steer(message: string | AgentMessage, images?: ImageContent[]): void {
		this.steeringQueue.push(typeof message === "string" ? createUserMessage(message, images) : message);
	}

	/** Queues a message for when the agent would stop. */
	followUp(message: string | AgentMessage, images?: ImageContent[]): void {
		this.followUpQueue.push(typeof message === "string" ? createUserMessage(message, images) : message);
	}

	hasQueuedMessages(): boolean {
		return this.steeringQueue.length > 0 || this.followUpQueue.length > 0;
	}

	clearSteeringQueue(): void {
		this.steeringQueue.clear();
	}

	clearFollowUpQueue(): void {
		this.followUpQueue.clear();
	}

	clearAllQueues(): void {
		this.steeringQueue.clear();
		this.followUpQueue.clear();
	}

	/** Aborts the run in progress, if any; `waitForIdle` tells when it has ended. */
	abort(): void {
		this.active?.controller.abort();
	}

	/** Resolves when no run is in progress (at once if none is). Never rejects. */
	waitForIdle(): Promise<void> {
		return this.active?.idle ?? Promise.resolve();
	}

	/**
	 * Clears the transcript, the queues and the error. Settings (model, tools, …) stay.
	 * @throws Error while a run is in progress: `abort()` and `await waitForIdle()` first.
	 */
	reset(): void {
		if (this.active)
			throw new Error("Agent.reset: a run is in progress; abort() and await waitForIdle() first.");
		this.store.messages = [];
		this.store.errorMessage = undefined;
		this.store.lastOutcome = undefined;
		this.clearAllQueues();
	}

	private assertIdle(action: string): void {
		if (this.active) {
			throw new Error(
				`Agent.${action}: a run is already in progress. Queue the message with steer() or followUp(), ` +
					"or await waitForIdle() first.",
			);
		}
	}

	private async run(prompts: AgentMessage[] | undefined): Promise<RunOutcome> {
		const controller = new AbortController();
		let markIdle = () => {};
		const idle = new Promise<void>((resolve) => {
			markIdle = resolve;
		});
		this.active = { controller, idle };
		const store = this.store;
		store.startRun();
		const context: AgentContext = { messages: store.messages, tools: store.tools };
		if (store.systemPrompt) context.systemPrompt = store.systemPrompt;
		const config: AgentLoopConfig = {
			...this.loopOptions,
			model: store.model,
			thinkingLevel: store.thinkingLevel,
			getSteeringMessages: () => this.steeringQueue.drain(),
			getFollowUpMessages: () => this.followUpQueue.drain(),
		};
		const sink = (event: AgentEvent) => this.dispatch(event, controller.signal);
		try {
			if (prompts) await runAgentLoop(prompts, context, config, sink, controller.signal, this.streamFn);
			else await runAgentLoopContinue(context, config, sink, controller.signal, this.streamFn);
			return store.lastOutcome ?? { kind: "completed" };
		} catch (error) {
			store.errorMessage = describeThrown(error);
			throw error;
		} finally {
			store.endRun();
			this.active = undefined;
			markIdle();
		}
	}

	private async dispatch(event: AgentEvent, signal: AbortSignal): Promise<void> {
		this.store.apply(event);
		for (const listener of this.listeners) {
			const pending = listener(event, signal);
			if (pending) await pending;
		}
	}
}
