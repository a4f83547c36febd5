import type { AgentMessage, AgentTool, ToolPackFailure, ToolPackSet } from "@kestrel/agent-core";
import { createUserMessage } from "@kestrel/agent-core";
import { type ImageContent, type Model, stream, type ThinkingLevel } from "@kestrel/ai";
import type { CompactionOutcome, Summarizer } from "../compaction/types.js";
import type { ShellCommandRecord } from "../messages.js";
import { DEFAULT_RETRY_SETTINGS } from "../retry/types.js";
import type { MessageEntry, Session } from "../session/types.js";
import { AttemptDriver } from "./attempt-driver.js";
import { BusyGate } from "./busy-gate.js";
import { HarnessCompaction } from "./harness-compaction.js";
import { HarnessEvents } from "./harness-events.js";
import { HarnessQueues } from "./harness-queues.js";
import { HarnessTools } from "./harness-tools.js";
import { ModelControl } from "./model-control.js";
import { type RunHost, runExclusively } from "./prompt-run.js";
import { SessionCursor } from "./session-cursor.js";
import { navigateTo } from "./session-navigation.js";
import { recordShellCommand } from "./shell-command-record.js";
import { continuableMessages, systemPromptProvider, TurnPreparation } from "./turn-preparation.js";
import type {
	AgentHarnessOptions,
	HarnessEvent,
	HarnessListener,
	HarnessOutcome,
	HarnessState,
	ToolPackReport,
} from "./types.js";

/**
 * Runs the agent loop with a session behind it: persistence, compaction, retries, and the
 * system prompt rebuilt before every model call. See `AgentHarnessOptions` and
 * `HarnessEvent` for the contract.
 *
 * This class is the facade: the public verbs, each one line or a few. The jobs behind it
 * have their own modules: one run under the busy gate (`runExclusively`, `BusyGate`),
 * the attempts of a prompt (`AttemptDriver`), what each model call gets
 * (`TurnPreparation`), the model and thinking level (`ModelControl`), compaction
 * (`HarnessCompaction`), tools and packs (`HarnessTools`), the queues
 * (`HarnessQueues`), the listeners (`HarnessEvents`) and the session (`SessionCursor`,
 * `navigateTo`, `recordShellCommand`).
 */
export class AgentHarness {
	private readonly gate = new BusyGate();
	private readonly events: HarnessEvents;
	private readonly cursor: SessionCursor;
	private readonly toolSet: HarnessTools;
	private readonly queues: HarnessQueues;
	private readonly compaction: HarnessCompaction;
	private readonly models: ModelControl;
	private readonly turns: TurnPreparation;
	private readonly driver: AttemptDriver;
	private readonly runHost: RunHost;
	private disposed: Promise<readonly ToolPackFailure[]> | undefined;

	constructor(private readonly options: AgentHarnessOptions) {
		const emit = (event: HarnessEvent) => this.events.emit(event);
		this.events = new HarnessEvents(options.redactor);
		this.cursor = new SessionCursor(options.session);
		this.toolSet = new HarnessTools({
			tools: options.tools,
			toolPacks: options.toolPacks,
			activeTools: options.activeTools,
			startTimeoutMs: options.toolPackStartTimeoutMs,
		});
		this.queues = new HarnessQueues(emit, options);
		this.compaction = new HarnessCompaction(
			{
				session: () => this.cursor.session,
				tools: () => this.toolSet.active(),
				model: () => this.models.model,
				summarizer: () => this.summarizer(),
				emit: async (event) => {
					if (event.type === "entry_persisted") this.cursor.claimLeaf();
					await emit(event);
				},
			},
			options.compaction,
		);
		const recorded = options.session.buildContext();
		this.models = new ModelControl(
			{
				cursor: this.cursor,
				compaction: this.compaction,
				emit,
				systemPrompt: async () => (await this.turns.promptAndTools()).systemPrompt,
			},
			options.model,
			options.thinkingLevel ?? recorded.thinkingLevel ?? "off",
		);
		this.turns = new TurnPreparation({
			cursor: this.cursor,
			tools: this.toolSet,
			systemPrompt: systemPromptProvider(options),
			compaction: this.compaction,
			models: this.models,
		});
		this.driver = new AttemptDriver({
			options,
			retry: { ...DEFAULT_RETRY_SETTINGS, ...options.retry },
			cursor: this.cursor,
			tools: this.toolSet,
			compaction: this.compaction,
			models: this.models,
			turns: this.turns,
			queues: this.queues,
			emit,
		});
		this.runHost = { gate: this.gate, events: this.events, models: this.models, cursor: this.cursor };
	}

	get session(): Session {
		return this.cursor.session;
	}

	get model(): Model {
		return this.models.model;
	}

	get thinkingLevel(): ThinkingLevel {
		return this.models.thinkingLevel;
	}

	/** Whether a run is in progress (including a retry wait or a compaction). */
	get running(): boolean {
		return this.gate.running;
	}

	/** A snapshot: model, queues, and the context the model gets next. */
	state(): HarnessState {
		const messages = this.cursor.session.buildContext().messages;
		const queued = this.queues.peek();
		return {
			model: this.models.model,
			thinkingLevel: this.models.thinkingLevel,
			running: this.running,
			messages,
			steering: queued.steering,
			followUp: queued.followUp,
			contextTokens: this.compaction.measure(messages, this.turns.lastSystemPrompt).tokens,
			contextWindow: this.models.model.contextWindow,
		};
	}

	/**
	 * Adds a listener; returns the function that removes it. Listeners are awaited one after
	 * the other, in subscription order. A throw ends the current run: its `agent_end` still
	 * reaches the listeners, and `prompt()` rejects with the listener's error.
	 */
	subscribe(listener: HarnessListener): () => void {
		return this.events.subscribe(listener);
	}

	/**
	 * Sends a prompt and runs until the agent is done. Resolves with the final outcome:
	 * every failure is an error outcome (the provider's, `context_too_small`,
	 * `compaction_ineffective`, a session write that failed). Rejects only for misuse (a
	 * run in progress: `busy`; after `dispose()`: `disposed`) or when a listener throws.
	 */
	async prompt(
		input: string | AgentMessage | AgentMessage[],
		images?: ImageContent[],
	): Promise<HarnessOutcome> {
		const prompts =
			typeof input === "string" ? [createUserMessage(input, images)] : Array.isArray(input) ? input : [input];
		return runExclusively(this.runHost, "prompt", (attempts) => this.driver.drive(attempts, prompts));
	}

	/**
	 * Resumes from the session as it is (after an abort or a final error): the failed tail
	 * is not resent. Rejects with a `nothing_to_continue` `HarnessError`, before any event,
	 * when the session is empty or its last message is already the agent's answer.
	 */
	async continue(): Promise<HarnessOutcome> {
		this.gate.assertIdle("continue");
		this.gate.assertLive("continue");
		continuableMessages(this.cursor, true);
		return runExclusively(this.runHost, "continue", (attempts) => this.driver.drive(attempts, undefined));
	}

	/** Queues a message for the running agent: injected after the current turn's tools. */
	steer(message: string | AgentMessage): void {
		this.queues.steer(message);
	}

	/** Queues a message to process when the agent would stop. */
	followUp(message: string | AgentMessage): void {
		this.queues.followUp(message);
	}

	/** Empties both queues and returns what they held (to put back into an editor). */
	clearQueues(): { steering: AgentMessage[]; followUp: AgentMessage[] } {
		return this.queues.clear();
	}

	/** Aborts the current run (the model call, a tool, a retry wait or a compaction). */
	abort(): void {
		this.gate.abort();
	}

	/** Resolves once no run is in progress. */
	waitForIdle(): Promise<void> {
		return this.gate.idle;
	}

	/**
	 * Switches the model. Idle: recorded in the session now, after compacting if the
	 * context would not fit the new window. During a run: applied before the next model call.
	 */
	async setModel(model: Model): Promise<void> {
		if (this.running) {
			this.models.selection.queue({ model });
			return;
		}
		const busy = this.gate.enter("setModel");
		try {
			await this.models.switchTo(model, busy.signal);
		} finally {
			busy.leave();
		}
	}

	/** Sets the thinking level, clamped to what the model accepts; during a run, from the next model call. */
	async setThinkingLevel(level: ThinkingLevel): Promise<void> {
		if (this.running) {
			this.models.selection.queue({ thinkingLevel: level });
			return;
		}
		await this.models.setThinkingLevel(level);
	}

	/**
	 * Records a shell command the user ran (the terminal's `!command`) with its output: a
	 * {@link ShellCommandMessage} (role `shell`) appended to the session like any message,
	 * announced with `message_start`, `entry_persisted` and `message_end`, and read by the
	 * model as a user message from the next prompt on (unless `excludeFromContext`). Secrets
	 * of the redactor are removed first. Only while idle: during a run it rejects with a
	 * `HarnessError` of code `busy` (wait with `waitForIdle()`, then record).
	 */
	async recordShellCommand(record: ShellCommandRecord): Promise<MessageEntry> {
		this.gate.assertIdle("record a shell command");
		this.gate.assertLive("record a shell command");
		return recordShellCommand(
			{ cursor: this.cursor, redactor: this.options.redactor, emit: (event) => this.events.emit(event) },
			record,
		);
	}

	/** Replaces the plain tools (the `tools` option) from the next model call. */
	setTools(tools: AgentTool[]): void {
		this.toolSet.setPlainTools(tools);
	}

	/**
	 * Starts the tool packs (all at once, each bounded by `toolPackStartTimeoutMs`) and
	 * resolves with what the user should know: packs that failed (their tools stay out),
	 * tools left out for a name conflict, and names of `activeTools` that match nothing.
	 * Never rejects; calling it again returns the same promise. An app that does not call
	 * it gets the packs started by the first prompt (and no report).
	 */
	start(): Promise<readonly ToolPackReport[]> {
		return this.toolSet.start();
	}

	/** The session's tool packs (the plain `tools` option excepted): for commands, status and tool listings. */
	get toolPacks(): ToolPackSet {
		return this.toolSet.packs;
	}

	/** The tools the next model call gets (before `start()` resolves, only those already available). */
	activeTools(): readonly AgentTool[] {
		return this.toolSet.active();
	}

	/**
	 * Selects the active tools from the next model call, like the `activeTools` option
	 * (`undefined`: all). Returns the names that match nothing once the packs have started.
	 */
	setActiveTools(names: readonly string[] | undefined): ToolPackReport[] {
		return this.toolSet.setActiveNames(names);
	}

	/**
	 * Ends the harness: aborts a run in progress and a pack start still running, waits for
	 * idle, then closes every tool pack (also those that failed or never started). Resolves
	 * with the packs whose `close` failed; never rejects. The session is the app's to close.
	 * Afterwards prompts and other runs reject with a `disposed` `HarnessError`.
	 */
	dispose(): Promise<readonly ToolPackFailure[]> {
		this.disposed ??= (async () => {
			this.gate.close();
			this.gate.abort();
			this.toolSet.stopStarting();
			await this.gate.idle;
			return this.toolSet.close();
		})();
		return this.disposed;
	}

	/** Continues in another session (a new, resumed or forked one). Only while idle. */
	setSession(session: Session): void {
		this.gate.assertIdle("setSession");
		this.cursor.switchTo(session);
		this.models.selection.forgetRecord();
	}

	/**
	 * Moves to another point of the session tree (`null`: before the first entry); the
	 * next prompt continues from there. With `summarize: true` the branch being left is
	 * summarised first and the summary placed where the new branch starts, so the model
	 * knows what was tried; if summarising fails, nothing moves and the error is thrown.
	 * Only while idle.
	 */
	async navigate(
		targetId: string | null,
		options: { summarize?: boolean; signal?: AbortSignal } = {},
	): Promise<void> {
		await navigateTo(
			{
				cursor: this.cursor,
				gate: this.gate,
				summarizer: () => this.summarizer(),
				settings: this.compaction.settings,
				emit: (event) => this.events.emit(event),
			},
			targetId,
			options,
		);
	}

	/** Compacts now, whatever the settings say. Only while idle. */
	async compact(instructions?: string): Promise<CompactionOutcome> {
		const busy = this.gate.enter("compact");
		try {
			const { systemPrompt } = await this.turns.promptAndTools();
			return await this.compaction.run({
				reason: "manual",
				willRetry: false,
				signal: busy.signal,
				systemPrompt,
				...(instructions === undefined ? {} : { instructions }),
			});
		} finally {
			busy.leave();
		}
	}

	private summarizer(): Summarizer {
		return (
			this.options.summarizer ?? {
				model: this.models.model,
				streamFn: this.options.streamFn ?? stream,
				getApiKey: this.options.getApiKey,
			}
		);
	}
}
