import {
	type AgentContext,
	type AgentEvent,
	type AgentLoopConfig,
	type AgentMessage,
	type AgentTool,
	createUserMessage,
	MessageQueue,
	type NextTurnUpdate,
	type RunOutcome,
	runAgentLoop,
	runAgentLoopContinue,
	type ToolPackFailure,
	type ToolPackSet,
	type TurnContext,
} from "@kestrel/agent-core";
import { type ImageContent, type Model, stream, type ThinkingLevel } from "@kestrel/ai";
import { summarizeHistory } from "../compaction/summarize.js";
import type { CompactionOutcome, Summarizer } from "../compaction/types.js";
import { convertHarnessMessages, createShellCommandMessage, type ShellCommandRecord } from "../messages.js";
import { kestrelHome } from "../paths.js";
import { abortableSleep } from "../retry/abortable-sleep.js";
import { DEFAULT_RETRY_SETTINGS, type RetrySettings } from "../retry/types.js";
import type { MessageEntry, Session } from "../session/types.js";
import { createSystemPromptSource } from "../system-prompt/system-prompt-source.js";
import { type Attempts, foldStats, newAttempts, respondToFailure } from "./attempts.js";
import { contextTooSmallError, harnessProviderError, wordHarnessFailure } from "./context-fit.js";
import { HarnessCompactor } from "./harness-compactor.js";
import { HarnessError } from "./harness-error.js";
import { HarnessTools } from "./harness-tools.js";
import { withoutFailedTail } from "./loop-messages.js";
import { ModelSelection } from "./model-selection.js";
import { redactEvent } from "./redact-event.js";
import { requestTimeouts, stallBudgetSpent, stallSpentOutcome } from "./stall-budget.js";
import type {
	AgentHarnessOptions,
	HarnessEvent,
	HarnessListener,
	HarnessOutcome,
	HarnessState,
	SystemPromptProvider,
	ToolPackReport,
} from "./types.js";

/**
 * Runs the agent loop with a session behind it: persistence, compaction, retries, and the
 * system prompt rebuilt before every model call. See `AgentHarnessOptions` and
 * `HarnessEvent` for the contract.
 */
export class AgentHarness {
	private sessionValue: Session;
	private readonly selection: ModelSelection;
	private readonly toolSet: HarnessTools;
	private readonly listeners = new Set<HarnessListener>();
	private readonly steeringQueue: MessageQueue;
	private readonly followUpQueue: MessageQueue;
	private readonly compactor: HarnessCompactor;
	private readonly retrySettings: RetrySettings;
	private readonly systemPrompt: SystemPromptProvider;
	private abortController: AbortController | undefined;
	private idle: Promise<void> = Promise.resolve();
	private lastSystemPrompt: string | undefined;
	/** The entry this harness appended last: if the session's leaf moved elsewhere, the context is reloaded. */
	private lastPersistedId: string | null = null;
	private disposed: Promise<readonly ToolPackFailure[]> | undefined;

	constructor(private readonly options: AgentHarnessOptions) {
		this.sessionValue = options.session;
		const recorded = options.session.buildContext();
		this.selection = new ModelSelection(
			options.model,
			options.thinkingLevel ?? recorded.thinkingLevel ?? "off",
		);
		this.toolSet = new HarnessTools({
			tools: options.tools,
			toolPacks: options.toolPacks,
			activeTools: options.activeTools,
			startTimeoutMs: options.toolPackStartTimeoutMs,
		});
		this.steeringQueue = new MessageQueue(options.steeringMode ?? "one-at-a-time");
		this.followUpQueue = new MessageQueue(options.followUpMode ?? "all");
		this.compactor = new HarnessCompactor(
			{
				session: () => this.sessionValue,
				tools: () => this.toolSet.active(),
				model: () => this.selection.model,
				summarizer: () => this.summarizer(),
				emit: async (event) => {
					if (event.type === "entry_persisted") this.lastPersistedId = this.sessionValue.leafId;
					await this.emit(event);
				},
			},
			options.compaction,
		);
		this.retrySettings = { ...DEFAULT_RETRY_SETTINGS, ...options.retry };
		this.systemPrompt =
			typeof options.systemPrompt === "string"
				? { build: () => options.systemPrompt as string }
				: (options.systemPrompt ??
					createSystemPromptSource({
						cwd: options.cwd ?? options.session.header.cwd,
						globalDir: kestrelHome(),
						...(options.guidelines ? { guidelines: options.guidelines } : {}),
					}));
	}

	get session(): Session {
		return this.sessionValue;
	}

	get model(): Model {
		return this.selection.model;
	}

	get thinkingLevel(): ThinkingLevel {
		return this.selection.thinkingLevel;
	}

	get running(): boolean {
		return this.abortController !== undefined;
	}

	/** A snapshot: model, queues, and the context the model gets next. */
	state(): HarnessState {
		const messages = this.sessionValue.buildContext().messages;
		return {
			model: this.selection.model,
			thinkingLevel: this.selection.thinkingLevel,
			running: this.running,
			messages,
			steering: this.steeringQueue.peek(),
			followUp: this.followUpQueue.peek(),
			contextTokens: this.compactor.measure(messages, this.lastSystemPrompt),
			contextWindow: this.selection.model.contextWindow,
		};
	}

	/** Adds a listener; returns the function that removes it. A throw ends the current run. */
	subscribe(listener: HarnessListener): () => void {
		this.listeners.add(listener);
		return () => {
			this.listeners.delete(listener);
		};
	}

	/**
	 * Sends a prompt and runs until the agent is done. Resolves with the final outcome
	 * (failures are outcomes, not rejections); rejects only for misuse (a run is already
	 * in progress) or when a listener or the session's storage throws.
	 */
	async prompt(
		input: string | AgentMessage | AgentMessage[],
		images?: ImageContent[],
	): Promise<HarnessOutcome> {
		const prompts =
			typeof input === "string" ? [createUserMessage(input, images)] : Array.isArray(input) ? input : [input];
		return this.exclusive("prompt", (attempts) => this.drive(attempts, prompts));
	}

	/** Resumes from the session as it is (after an abort or a final error): the failed tail is not resent. */
	async continue(): Promise<HarnessOutcome> {
		return this.exclusive("continue", (attempts) => this.drive(attempts, undefined));
	}

	/** Queues a message for the running agent: injected after the current turn's tools. */
	steer(message: string | AgentMessage): void {
		this.steeringQueue.push(typeof message === "string" ? createUserMessage(message) : message);
		void this.emitQueue();
	}

	/** Queues a message to process when the agent would stop. */
	followUp(message: string | AgentMessage): void {
		this.followUpQueue.push(typeof message === "string" ? createUserMessage(message) : message);
		void this.emitQueue();
	}

	/** Empties both queues and returns what they held (to put back into an editor). */
	clearQueues(): { steering: AgentMessage[]; followUp: AgentMessage[] } {
		const taken = { steering: this.steeringQueue.peek(), followUp: this.followUpQueue.peek() };
		this.steeringQueue.clear();
		this.followUpQueue.clear();
		void this.emitQueue();
		return taken;
	}

	/** Aborts the current run (the model call, a tool, a retry wait or a compaction). */
	abort(): void {
		this.abortController?.abort();
	}

	/** Resolves once no run is in progress. */
	waitForIdle(): Promise<void> {
		return this.idle;
	}

	/**
	 * Switches the model. Idle: recorded in the session now, after compacting if the
	 * context would not fit the new window. During a run: applied before the next model call.
	 */
	async setModel(model: Model): Promise<void> {
		if (this.running) {
			this.selection.queue({ model });
			return;
		}
		await this.switchModel(model);
	}

	/** Sets the thinking level, clamped to what the model accepts; during a run, from the next model call. */
	async setThinkingLevel(level: ThinkingLevel): Promise<void> {
		if (this.running) {
			this.selection.queue({ thinkingLevel: level });
			return;
		}
		await this.announce({ model: false, thinkingLevel: this.selection.setLevel(this.sessionValue, level) });
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
		this.assertIdle("record a shell command");
		this.assertLive("record a shell command");
		const message = createShellCommandMessage(record);
		this.options.redactor?.redactInPlace(message);
		await this.emit({ type: "message_start", message });
		const entry = this.sessionValue.appendMessage(message);
		this.lastPersistedId = entry.id;
		await this.sessionValue.flush();
		await this.emit({ type: "entry_persisted", entry });
		await this.emit({ type: "message_end", message });
		return entry;
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
			this.abort();
			this.toolSet.stopStarting();
			await this.idle;
			return this.toolSet.close();
		})();
		return this.disposed;
	}

	/** Continues in another session (a new, resumed or forked one). Only while idle. */
	setSession(session: Session): void {
		this.assertIdle("setSession");
		this.sessionValue = session;
		this.lastPersistedId = null;
		this.selection.forgetRecord();
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
		this.assertIdle("navigate");
		const session = this.sessionValue;
		const kept = new Set(targetId === null ? [] : session.getBranch(targetId).map((entry) => entry.id));
		const abandoned = session
			.getBranch()
			.filter((entry) => !kept.has(entry.id))
			.flatMap((entry) => (entry.type === "message" ? [entry.message] : []));
		if (!options.summarize || abandoned.length === 0) {
			session.branch(targetId);
		} else {
			// Summarising takes a model call: busy meanwhile, so that no prompt starts on the old branch.
			const busy = this.enterBusy("navigate");
			try {
				const signal = options.signal ? AbortSignal.any([options.signal, busy.signal]) : busy.signal;
				const { summary } = await summarizeHistory(
					{ messages: abandoned },
					this.summarizer(),
					this.compactor.settings,
					signal,
				);
				const entry = session.branchWithSummary(targetId, summary);
				await this.emit({ type: "entry_persisted", entry });
			} finally {
				busy.leave();
			}
		}
		this.lastPersistedId = session.leafId;
	}

	/** Compacts now, whatever the settings say. Only while idle. */
	async compact(instructions?: string): Promise<CompactionOutcome> {
		const busy = this.enterBusy("compact");
		try {
			const systemPrompt = await this.buildSystemPrompt();
			return await this.compactor.run({
				reason: "manual",
				willRetry: false,
				signal: busy.signal,
				contextWindow: this.selection.model.contextWindow,
				systemPrompt,
				...(instructions === undefined ? {} : { instructions }),
			});
		} finally {
			busy.leave();
		}
	}

	// ---------------------------------------------------------------------------------------
	// Runs
	// ---------------------------------------------------------------------------------------

	private async exclusive(
		action: string,
		body: (attempts: Attempts) => Promise<void>,
	): Promise<HarnessOutcome> {
		const busy = this.enterBusy(action);
		const attempts = newAttempts(busy.signal);
		try {
			await this.emit({ type: "agent_start" });
			try {
				await body(attempts);
			} catch (error) {
				// A session write (a full disk) or a listener failed mid-run: listeners still see the
				// run end, with that failure as its outcome; the caller gets the error itself.
				const outcome: HarnessOutcome = {
					kind: "error",
					message: error instanceof Error ? error.message : String(error),
				};
				await this.emit({
					type: "agent_end",
					messages: attempts.messages,
					outcome,
					stats: attempts.stats,
				}).catch(() => {});
				throw error;
			}
			const outcome = attempts.outcome ?? { kind: "aborted" };
			await this.emit({ type: "agent_end", messages: attempts.messages, outcome, stats: attempts.stats });
			return outcome;
		} finally {
			this.abortController = undefined;
			try {
				// A change asked for during a run that ended before another model call counts from the next prompt.
				if (this.selection.hasPending && !this.sessionValue.readOnly) await this.applyPending();
			} finally {
				busy.leave();
			}
		}
	}

	/** The attempts of one prompt: run, then retry or compact-and-retry as the failure allows. */
	private async drive(attempts: Attempts, prompts: AgentMessage[] | undefined): Promise<void> {
		if (!(await this.toolSet.startUnlessAborted(attempts.signal))) return;
		this.recordModel();
		let context = await this.loopContext(prompts === undefined);
		const tooSmall = contextTooSmallError(
			{ systemPrompt: context.systemPrompt, tools: context.tools ?? [] },
			this.selection.model,
			this.compactor.settings,
		);
		if (tooSmall) {
			attempts.outcome = { kind: "error", message: tooSmall.message, error: harnessProviderError(tooSmall) };
			return;
		}
		if (prompts && this.compactor.due([...context.messages, ...prompts], context.systemPrompt)) {
			await this.compactor.inRun(attempts, "threshold", false, context.systemPrompt);
			context = await this.loopContext(false);
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
			if (outcome.error?.kind === "timeout" && stallBudgetSpent(attempts, this.options.timeouts)) {
				if (attempts.retries > 0) await this.endRetries(attempts, false, outcome.message);
				attempts.outcome = stallSpentOutcome(outcome, attempts, this.options.timeouts);
				return;
			}
			const response = respondToFailure(outcome.error, attempts, this.compactor.settings, this.retrySettings);
			if (response.action === "compact_and_retry") {
				attempts.overflowRetried = true;
				const { effective } = await this.compactor.inRun(attempts, "overflow", true, context.systemPrompt);
				if (!effective) return;
				context = await this.loopContext(true);
				continue;
			}
			if (response.action === "give_up") {
				if (attempts.retries > 0) await this.endRetries(attempts, false, outcome.message);
				return;
			}
			const { delayMs } = response;
			attempts.retries += 1;
			await this.emit({
				type: "retry_start",
				attempt: attempts.retries,
				maxAttempts: this.retrySettings.maxAttempts,
				delayMs,
				error: outcome.error!,
				errorMessage: outcome.message,
			});
			try {
				await abortableSleep(delayMs, attempts.signal);
			} catch {
				await this.endRetries(attempts, false, "aborted during the wait");
				attempts.outcome = { kind: "aborted" };
				return;
			}
			context = await this.loopContext(true);
		}
	}

	private async endRetries(attempts: Attempts, success: boolean, errorMessage?: string): Promise<void> {
		const attempt = attempts.retries;
		attempts.retries = 0;
		await this.emit(
			errorMessage === undefined
				? { type: "retry_end", attempt, success }
				: { type: "retry_end", attempt, success, errorMessage },
		);
	}

	/** One loop run; its events are persisted and relayed, its `agent_start`/`agent_end` folded into the prompt's. */
	private async runOnce(
		attempts: Attempts,
		prompts: AgentMessage[] | undefined,
		context: AgentContext,
	): Promise<RunOutcome> {
		let outcome: RunOutcome = { kind: "aborted" };
		attempts.lastActivityAt = Date.now();
		const sink = async (event: AgentEvent): Promise<void> => {
			// A request starts with its turn; the provider is heard from in updates. (An error's
			// message events arrive only once it has given up, so they do not count.)
			if (event.type === "turn_start" || event.type === "message_update")
				attempts.lastActivityAt = Date.now();
			// Before anything is persisted, relayed or sent on: see `AgentHarnessOptions.redactor`.
			redactEvent(event, this.options.redactor);
			if (event.type === "message_end") wordHarnessFailure(event.message);
			switch (event.type) {
				case "agent_start":
					return;
				case "agent_end":
					outcome = event.outcome;
					foldStats(attempts.stats, event.stats);
					return;
				case "message_end": {
					const entry = this.sessionValue.appendMessage(event.message);
					this.lastPersistedId = entry.id;
					attempts.messages.push(event.message);
					await this.emit({ type: "entry_persisted", entry });
					break;
				}
				case "turn_end":
					await this.sessionValue.flush();
					if (event.message.stopReason !== "error" && event.message.stopReason !== "aborted") {
						attempts.overflowRetried = false;
						if (attempts.retries > 0) {
							await this.emit(event);
							await this.endRetries(attempts, true);
							return;
						}
					}
					break;
			}
			await this.emit(event);
		};
		const config = this.loopConfig(attempts);
		if (prompts) await runAgentLoop(prompts, context, config, sink, attempts.signal, this.options.streamFn);
		else await runAgentLoopContinue(context, config, sink, attempts.signal, this.options.streamFn);
		return outcome;
	}

	private loopConfig(attempts: Attempts): AgentLoopConfig {
		const { options } = this;
		return {
			model: this.selection.model,
			thinkingLevel: this.selection.thinkingLevel,
			streamOptions: {
				...options.streamOptions,
				...requestTimeouts(attempts, this.options.timeouts),
				sessionId: options.streamOptions?.sessionId ?? this.sessionValue.id,
			},
			getApiKey: options.getApiKey,
			convertToLlm: convertHarnessMessages,
			toolExecution: options.toolExecution,
			beforeToolCall: options.beforeToolCall,
			afterToolCall: options.afterToolCall,
			shouldStopAfterTurn: options.shouldStopAfterTurn,
			getSteeringMessages: () => this.takeQueued(this.steeringQueue),
			getFollowUpMessages: () => this.takeQueued(this.followUpQueue),
			prepareNextTurn: (turn) => this.prepareNextTurn(attempts, turn),
		};
	}

	/**
	 * Before every model call after the first: apply a pending model or thinking change,
	 * rebuild the system prompt, reload the branch if the session moved, and compact when
	 * the budget says so.
	 */
	private async prepareNextTurn(attempts: Attempts, turn: TurnContext): Promise<NextTurnUpdate | undefined> {
		const previousWindow = this.selection.model.contextWindow;
		const switched = await this.applyPending();
		const { systemPrompt, tools } = await this.promptAndTools();
		// A smaller model or more tools than the run started with: stop with the figures and
		// what to do (the run's last message carries these words, see `wordHarnessFailure`).
		const tooSmall = contextTooSmallError(
			{ systemPrompt, tools },
			this.selection.model,
			this.compactor.settings,
		);
		if (tooSmall) throw tooSmall;
		let messages: AgentMessage[] | undefined;
		if (this.sessionValue.leafId !== this.lastPersistedId)
			messages = this.sessionValue.buildContext().messages;
		if (this.compactor.due(messages ?? turn.context.messages, systemPrompt)) {
			const reason =
				switched && this.selection.model.contextWindow < previousWindow ? "model_switch" : "threshold";
			await this.compactor.inRun(attempts, reason, false, systemPrompt);
			messages = this.sessionValue.buildContext().messages;
		}
		const unchanged = !switched && messages === undefined && systemPrompt === turn.context.systemPrompt;
		if (unchanged && tools === turn.context.tools) return undefined;
		return {
			context: { systemPrompt, messages: messages ?? turn.context.messages, tools },
			model: this.selection.model,
			thinkingLevel: this.selection.thinkingLevel,
		};
	}

	// ---------------------------------------------------------------------------------------
	// Context, model and queues
	// ---------------------------------------------------------------------------------------

	private async loopContext(continuing: boolean): Promise<AgentContext> {
		const built = this.sessionValue.buildContext().messages;
		const messages = continuing ? withoutFailedTail(built) : built;
		if (continuing && messages.length === 0) {
			throw new HarnessError("nothing_to_continue", "There is nothing to continue: send a prompt first.");
		}
		if (continuing && messages.at(-1)?.role === "assistant") {
			throw new HarnessError(
				"nothing_to_continue",
				"The agent already answered the last message: send a new prompt instead of continuing.",
			);
		}
		return { ...(await this.promptAndTools()), messages };
	}

	private async buildSystemPrompt(): Promise<string> {
		return (await this.promptAndTools()).systemPrompt;
	}

	/** The active tools of the next model call, and the system prompt built for them and their packs' guidelines. */
	private async promptAndTools(): Promise<{ systemPrompt: string; tools: AgentTool[] }> {
		await this.toolSet.start();
		const tools = this.toolSet.active();
		const systemPrompt = await this.systemPrompt.build(tools, this.toolSet.guidelines(tools));
		this.lastSystemPrompt = systemPrompt;
		return { systemPrompt, tools };
	}

	private summarizer(): Summarizer {
		return (
			this.options.summarizer ?? {
				model: this.selection.model,
				streamFn: this.options.streamFn ?? stream,
				getApiKey: this.options.getApiKey,
			}
		);
	}

	/** Records the model and thinking level in force in the session, once per session, when they differ. */
	private recordModel(): void {
		this.selection.record(this.sessionValue);
		this.lastPersistedId = this.sessionValue.leafId;
	}

	/** Switches while idle, compacting first when the context would not fit the new window. */
	private async switchModel(model: Model): Promise<void> {
		const busy = this.enterBusy("setModel");
		try {
			const systemPrompt = await this.buildSystemPrompt();
			if (this.compactor.due(this.sessionValue.buildContext().messages, systemPrompt, model.contextWindow)) {
				await this.compactor.run({
					reason: "model_switch",
					willRetry: false,
					signal: busy.signal,
					contextWindow: model.contextWindow,
					systemPrompt,
				});
			}
			await this.announce(this.selection.adopt(this.sessionValue, model));
		} finally {
			busy.leave();
		}
	}

	/** Applies changes asked for during the run and announces them; returns whether the model changed. */
	private async applyPending(): Promise<boolean> {
		const change = this.selection.applyPending(this.sessionValue);
		await this.announce(change);
		return change.model;
	}

	private async announce(change: { model: boolean; thinkingLevel: boolean }): Promise<void> {
		if (!change.model && !change.thinkingLevel) return;
		this.lastPersistedId = this.sessionValue.leafId;
		const { model, thinkingLevel } = this.selection;
		if (change.model) await this.emit({ type: "model_change", model, thinkingLevel });
		else await this.emit({ type: "thinking_level_change", thinkingLevel });
	}

	private takeQueued(queue: MessageQueue): AgentMessage[] {
		const taken = queue.drain();
		if (taken.length > 0) void this.emitQueue();
		return taken;
	}

	private async emitQueue(): Promise<void> {
		await this.emit({
			type: "queue_update",
			steering: this.steeringQueue.peek(),
			followUp: this.followUpQueue.peek(),
		});
	}

	private async emit(event: HarnessEvent): Promise<void> {
		redactEvent(event, this.options.redactor);
		for (const listener of this.listeners) {
			const pending = listener(event);
			if (pending) await pending;
		}
	}

	/**
	 * Marks the harness busy for a run, a compaction or a summary: `running` is true,
	 * `abort()` fires the returned signal, and `waitForIdle()` waits for `leave()`.
	 */
	private enterBusy(action: string): { signal: AbortSignal; leave: () => void } {
		this.assertIdle(action);
		this.assertLive(action);
		const controller = new AbortController();
		this.abortController = controller;
		let release!: () => void;
		this.idle = new Promise((resolve) => {
			release = resolve;
		});
		return {
			signal: controller.signal,
			leave: () => {
				this.abortController = undefined;
				release();
			},
		};
	}

	private assertLive(action: string): void {
		if (this.disposed)
			throw new HarnessError("disposed", `Cannot ${action}: the harness was disposed; create a new one.`);
	}

	private assertIdle(action: string): void {
		if (this.running) {
			throw new HarnessError(
				"busy",
				`Cannot ${action} while the agent is working: use steer() or followUp(), or abort() and wait first.`,
			);
		}
	}
}
