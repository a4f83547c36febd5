import {
	type AgentMessage,
	type AgentTool,
	type QueuedMessages,
	RunShell,
	type ToolPackFailure,
	type ToolPackSet,
} from "@kestrel/agent-core";
import { type ImageContent, type Model, stream, type ThinkingLevel } from "@kestrel/ai";
import type { CompactionOutcome, Summarizer } from "../compaction/types.js";
import type { ShellCommandRecord } from "../messages.js";
import { DEFAULT_RETRY_SETTINGS } from "../retry/types.js";
import type { MessageEntry, Session } from "../session/types.js";
import { AttemptDriver } from "./attempt-driver.js";
import { HarnessCompaction } from "./harness-compaction.js";
import { HarnessError } from "./harness-error.js";
import { runHarnessPrompt } from "./harness-run.js";
import { HarnessTools } from "./harness-tools.js";
import { ListenerFailures } from "./listener-failures.js";
import { withoutFailedTail } from "./loop-messages.js";
import { ModelControl } from "./model-control.js";
import { redactEvent } from "./redact-event.js";
import { SessionCursor } from "./session-cursor.js";
import { navigateTo } from "./session-navigation.js";
import { recordShellCommand } from "./shell-command-record.js";
import { systemPromptProvider, TurnPreparation } from "./turn-preparation.js";
import type {
	AgentHarnessOptions,
	HarnessEvent,
	HarnessListener,
	HarnessOutcome,
	HarnessOwnEvent,
	HarnessState,
	ToolPackReport,
} from "./types.js";

/**
 * Runs the agent loop with a session behind it: persistence, compaction, retries, and the
 * system prompt rebuilt before every model call. See `AgentHarnessOptions` and
 * `HarnessEvent` for the contract.
 *
 * The shared verbs (`subscribe`, `prompt`, `continue`, `steer`, `followUp`,
 * `clearQueues`, `abort`, `waitForIdle`) are those of agent-core's run shell, with the
 * same semantics and errors as `Agent`'s (misuse rejects with a {@link HarnessError},
 * which is an `AgentError`). What the harness adds is its run (`runHarnessPrompt`): the
 * attempts of a prompt (`AttemptDriver`), what each model call gets
 * (`TurnPreparation`), the model and thinking level (`ModelControl`), compaction
 * (`HarnessCompaction`), tools and packs (`HarnessTools`) and the session
 * (`SessionCursor`, `navigateTo`, `recordShellCommand`). This class only wires them.
 */
export class AgentHarness {
	private readonly shell: RunShell<HarnessOwnEvent, HarnessOutcome>;
	private readonly failures = new ListenerFailures();
	private readonly cursor: SessionCursor;
	private readonly toolSet: HarnessTools;
	private readonly compaction: HarnessCompaction;
	private readonly models: ModelControl;
	private readonly turns: TurnPreparation;
	private readonly driver: AttemptDriver;
	private disposed: Promise<readonly ToolPackFailure[]> | undefined;

	constructor(private readonly options: AgentHarnessOptions) {
		const emit = (event: HarnessEvent) => this.shell.emit(event);
		this.shell = new RunShell<HarnessOwnEvent, HarnessOutcome>({
			name: "AgentHarness",
			run: (start) =>
				runHarnessPrompt(
					{ driver: this.driver, models: this.models, cursor: this.cursor, failures: this.failures, emit },
					start,
				),
			cannotContinue: () => this.cannotContinue(),
			steeringMode: options.steeringMode ?? "one-at-a-time",
			followUpMode: options.followUpMode ?? "all",
			beforeListeners: (event) => redactEvent(event, options.redactor),
			// A listener's throw here is kept by `failures` and reported by the run in progress.
			onQueueChange: (queued) => void emit({ type: "queue_update", ...queued }).catch(() => {}),
			createError: (code, message) => new HarnessError(code, message),
		});
		this.cursor = new SessionCursor(options.session);
		this.toolSet = new HarnessTools({
			tools: options.tools,
			toolPacks: options.toolPacks,
			activeTools: options.activeTools,
			startTimeoutMs: options.toolPackStartTimeoutMs,
		});
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
			attempt: (request) => this.shell.runAttempt(request),
			emit,
		});
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
		return this.shell.running;
	}

	/** A snapshot: model, queues, and the context the model gets next. */
	state(): HarnessState {
		const messages = this.cursor.session.buildContext().messages;
		return {
			model: this.models.model,
			thinkingLevel: this.models.thinkingLevel,
			running: this.running,
			messages,
			...this.shell.queued(),
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
		return this.shell.subscribe(this.failures.watch(listener));
	}

	/**
	 * Sends a prompt (text and optional images, a message, or several) and runs until the
	 * agent is done. Resolves with the final outcome: every failure is an error outcome (the
	 * provider's, `context_too_small`, `compaction_ineffective`, a session write that
	 * failed). Rejects only for misuse — `busy` while a run is in progress (use `steer` or
	 * `followUp`), `disposed` after `dispose()` — or with the error of a listener that threw.
	 */
	prompt(input: string | AgentMessage | AgentMessage[], images?: ImageContent[]): Promise<HarnessOutcome> {
		return this.shell.prompt(input, images);
	}

	/**
	 * Resumes from the session as it is (after an abort or a final error; the failed tail is
	 * not resent). If the agent already answered the last message (or the session is
	 * empty), the queued steering (else follow-up) messages start the run instead; with
	 * nothing queued it rejects with a `nothing_to_continue` `HarnessError` before any event.
	 */
	continue(): Promise<HarnessOutcome> {
		return this.shell.continue();
	}

	/** Queues a message for the running agent: injected after the current turn's tools. */
	steer(message: string | AgentMessage, images?: ImageContent[]): void {
		this.shell.steer(message, images);
	}

	/** Queues a message to process when the agent would stop. */
	followUp(message: string | AgentMessage, images?: ImageContent[]): void {
		this.shell.followUp(message, images);
	}

	/** Empties both queues and returns what they held (to put back into an editor). */
	clearQueues(): QueuedMessages {
		return this.shell.clearQueues();
	}

	/** Aborts the current run (the model call, a tool, a retry wait or a compaction). */
	abort(): void {
		this.shell.abort();
	}

	/** Resolves once no run is in progress; never rejects. */
	waitForIdle(): Promise<void> {
		return this.shell.waitForIdle();
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
		const busy = this.shell.enterBusy("setModel");
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
		this.shell.assertIdle("recordShellCommand");
		this.shell.assertLive("recordShellCommand");
		return recordShellCommand(
			{ cursor: this.cursor, redactor: this.options.redactor, emit: (event) => this.shell.emit(event) },
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
			const idle = this.shell.dispose();
			this.toolSet.stopStarting();
			await idle;
			return this.toolSet.close();
		})();
		return this.disposed;
	}

	/** Continues in another session (a new, resumed or forked one). Only while idle. */
	setSession(session: Session): void {
		this.shell.assertIdle("setSession");
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
				gate: this.shell,
				summarizer: () => this.summarizer(),
				settings: this.compaction.settings,
				emit: (event) => this.shell.emit(event),
			},
			targetId,
			options,
		);
	}

	/** Compacts now, whatever the settings say. Only while idle. */
	async compact(instructions?: string): Promise<CompactionOutcome> {
		const busy = this.shell.enterBusy("compact");
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

	/** Why `continue()` cannot resume the session as it is (it then takes a queued message), if it cannot. */
	private cannotContinue(): string | undefined {
		const messages = withoutFailedTail(this.cursor.session.buildContext().messages);
		if (messages.length === 0) return "the session has no message to resume";
		return messages.at(-1)?.role === "assistant" ? "the agent already answered the last message" : undefined;
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
