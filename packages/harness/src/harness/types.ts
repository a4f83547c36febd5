/**
 * The contract of `AgentHarness`: its options, its events and its state.
 *
 * The harness runs the loop of `@kestrel/agent-core` with a session behind it. Every
 * message is appended to the session before listeners see its `message_end`; before
 * every model call (inside tool loops too) the context is rebuilt from the session, the
 * system prompt is rebuilt, compaction runs if the budget says so, and a pending model or
 * thinking-level change is applied.
 */
import type {
	AgentEvent,
	AgentLoopConfig,
	AgentMessage,
	AgentTool,
	QueueMode,
	RunListener,
	RunOutcome,
	ShouldStopAfterTurn,
	StreamFn,
	ToolExecutionMode,
	ToolPack,
} from "@kestrel/agent-core";
import type { Model, ProviderError, ThinkingLevel } from "@kestrel/ai";
import type { CompactionSettings, Summarizer } from "../compaction/types.js";
import type { RetrySettings, TimeoutSettings } from "../retry/types.js";
import type { SecretRedactor } from "../secrets/secret-redactor.js";
import type { CompactionReason, Session, SessionEntry } from "../session/types.js";

/** Builds the system prompt before every model call; see `createSystemPromptSource`. */
export interface SystemPromptProvider {
	/**
	 * The prompt for this model call's active tools. `guidelines` are the usage rules of
	 * the packs those tools come from (each pack asked about its own active tools only), so
	 * a prompt never tells the model to use a tool it does not have.
	 */
	build(tools: readonly AgentTool[], guidelines: readonly string[]): string | Promise<string>;
}

/**
 * Something about the tool packs the user should know, from `AgentHarness.start` or
 * `setActiveTools`. Each carries a `message` to show as is.
 * - `start_failed`: the pack did not start (threw, timed out); its tools are not available.
 * - `conflict`: a pack's tool is left out because an earlier tool has its name.
 * - `unknown_name`: a name of `activeTools` matches no pack, tool or prefix; `valid` lists
 *   the names that would.
 */
export type ToolPackReport =
	| { kind: "start_failed"; pack: string; message: string }
	| { kind: "conflict"; pack: string; tool: string; message: string }
	| { kind: "unknown_name"; name: string; valid: readonly string[]; message: string };

export interface AgentHarnessOptions {
	/** Where the conversation is kept; `SessionManager.inMemory()` for none on disk. */
	session: Session;
	model: Model;
	/** Clamped to what the model accepts. Default: the session's, else `off`. */
	thinkingLevel?: ThinkingLevel;
	/**
	 * Plain tools, for apps without packs: they behave like one pack without a name (no
	 * guidelines, never fails), listed before the packs' tools, and `activeTools` selects
	 * them by tool name.
	 */
	tools?: AgentTool[];
	/**
	 * Tool packs: started once (`AgentHarness.start`, or by the first prompt), asked for
	 * their tools before every model call (they may change between turns), their
	 * guidelines put into the system prompt for the active tools only, and closed by
	 * `dispose()`. Pack names must be unique.
	 */
	toolPacks?: readonly ToolPack[];
	/**
	 * Which tools are active (`--tools`): pack names, tool names and `prefix*` patterns,
	 * as `selectTools` reads them. Absent: every tool; `[]`: none. Names that match nothing
	 * are reported by `start()`.
	 */
	activeTools?: readonly string[];
	/** How long one pack may take to start before it counts as failed. Default 30 s. */
	toolPackStartTimeoutMs?: number;
	/**
	 * A fixed prompt, or a provider called before every model call. Default: the
	 * standard prompt of `createSystemPromptSource` for `cwd` (tools, AGENTS.md files,
	 * SYSTEM.md / APPEND_SYSTEM.md, date and folder).
	 */
	systemPrompt?: string | SystemPromptProvider;
	/**
	 * Fixed rules for the default system prompt, listed whatever the active tools are. The
	 * packs' own guidelines come from `toolPacks`; do not name a pack's tools here, or the
	 * prompt mentions them when they are not active.
	 */
	guidelines?: string[];
	/** The working folder for the default system prompt. Default: the session's `cwd`. */
	cwd?: string;
	/** Default `stream` of `@kestrel/ai` (built-in providers must then be registered). */
	streamFn?: StreamFn;
	getApiKey?: AgentLoopConfig["getApiKey"];
	/** Passed to every model request (temperature, maxTokens, cacheRetention, …). */
	streamOptions?: AgentLoopConfig["streamOptions"];
	/** Fields override the defaults (`DEFAULT_COMPACTION_SETTINGS`). */
	compaction?: Partial<CompactionSettings>;
	/** Fields override the defaults (`DEFAULT_RETRY_SETTINGS`). */
	retry?: Partial<RetrySettings>;
	/** How long a silent provider is waited on, per request and in total per prompt. Default: `@kestrel/ai`'s timeouts, no total. */
	timeouts?: TimeoutSettings;
	/** Who writes summaries. Default: the current model, through `streamFn` and `getApiKey`. */
	summarizer?: Summarizer;
	toolExecution?: ToolExecutionMode;
	/** A permission policy: see `AgentLoopConfig.beforeToolCall`. */
	beforeToolCall?: AgentLoopConfig["beforeToolCall"];
	/** See `AgentLoopConfig.afterToolCall`. */
	afterToolCall?: AgentLoopConfig["afterToolCall"];
	/**
	 * Secret values to keep out of everything the harness hands on: before a message is
	 * persisted or sent to the model (tool results, user prompts, provider error messages,
	 * assistant text) its strings are redacted in place, and so are the events listeners
	 * get (`message_update` deltas excepted: a streaming answer is redacted at its
	 * `message_end`). Register values on the redactor at any time.
	 */
	redactor?: SecretRedactor;
	/** Budgets and other stop rules (`maxTurns`, `maxCostUsd`, …). */
	shouldStopAfterTurn?: ShouldStopAfterTurn;
	/** Default `one-at-a-time` for steering, `all` for follow-ups. */
	steeringMode?: QueueMode;
	followUpMode?: QueueMode;
}

/** A snapshot of the harness. */
export interface HarnessState {
	model: Model;
	thinkingLevel: ThinkingLevel;
	/** Whether a run is in progress (including a retry wait or a compaction). */
	running: boolean;
	/** The context the model gets next, rebuilt from the session. */
	messages: AgentMessage[];
	/** Queued messages, oldest first. */
	steering: AgentMessage[];
	followUp: AgentMessage[];
	/** The context size as the compaction measure sees it, and the model's window. */
	contextTokens: number;
	contextWindow: number;
}

/**
 * What listeners receive: the loop's events, plus the harness's own.
 *
 * A prompt yields one `agent_start` and one `agent_end` however many attempts (retries,
 * compact-and-retry) it took; `agent_end.messages` holds everything added, failed
 * attempts included, and its outcome is the final one, reported once.
 */
export type HarnessEvent =
	| AgentEvent
	/** An entry was appended to the session (for a message: before its `message_end`). */
	| { type: "entry_persisted"; entry: SessionEntry }
	| { type: "compaction_start"; reason: CompactionReason; tokens: number; contextWindow: number }
	| {
			type: "compaction_end";
			reason: CompactionReason;
			ok: boolean;
			/** `summary` or `fallback`, when `ok`. */
			method?: "summary" | "fallback";
			tokensBefore: number;
			tokensAfter?: number;
			/** Whether the interrupted request will be sent again (overflow). */
			willRetry: boolean;
			/** Why it failed, or why the summary fell back. */
			error?: string;
	  }
	| {
			type: "retry_start";
			/** 1 for the first retry. */
			attempt: number;
			maxAttempts: number;
			delayMs: number;
			error: ProviderError;
			errorMessage: string;
	  }
	| { type: "retry_end"; attempt: number; success: boolean; errorMessage?: string }
	| { type: "queue_update"; steering: readonly AgentMessage[]; followUp: readonly AgentMessage[] }
	| { type: "model_change"; model: Model; thinkingLevel: ThinkingLevel }
	| { type: "thinking_level_change"; thinkingLevel: ThinkingLevel };

export type HarnessEventType = HarnessEvent["type"];

/** The harness's own events (not the loop's): the run shell's `TExtra` for the harness. */
export type HarnessOwnEvent = Exclude<HarnessEvent, AgentEvent>;

/**
 * Receives every event, with the signal of the run in progress, as the run shell's
 * listeners do: in subscription order, each awaited before the next and before the run
 * goes on. A throw ends the run, and the verb that started it rejects with that error.
 */
export type HarnessListener = RunListener<HarnessEvent>;

/** What `prompt` and `continue` resolve with. */
export type HarnessOutcome = RunOutcome;
