/**
 * The contract of `@kestrel/agent-core`: messages, tools, the loop's configuration and
 * hooks, and the events a run emits.
 *
 * This module declares types only. Its doc comments are the reference documentation of
 * the package; the implementation files stay lean and explain only why they do things.
 * It is longer than 400 lines for that reason: about two thirds of it is documentation,
 * and the contract reads best in one place.
 *
 * Vocabulary:
 * - A **run** is one call of `agentLoop` / `agentLoopContinue` (or `Agent.prompt` /
 *   `Agent.continue`): from `agent_start` to `agent_end`.
 * - A **turn** is one model call plus the tool calls it asks for: from `turn_start` to
 *   `turn_end`. A run has one or more turns.
 * - A **batch** is the set of tool calls of one assistant message.
 */
import type {
	AssistantMessage,
	AssistantMessageEvent,
	AssistantMessageEventStream,
	Context,
	Message,
	Model,
	Provider,
	ProviderError,
	StreamOptions,
	ThinkingLevel,
	Tool,
	ToolCall,
	ToolResultContent,
	ToolResultMessage,
	Usage,
} from "@kestrel/ai";
import type { Static, TSchema } from "typebox";
import type { ToolDisplay } from "./tool-display.js";
import type { ToolEffects } from "./tool-effects.js";

// ---------------------------------------------------------------------------------------
// Messages
// ---------------------------------------------------------------------------------------

/**
 * App-defined message kinds, added by declaration merging. The loop carries them in the
 * transcript like any other message and emits `message_start` / `message_end` for them;
 * `convertToLlm` decides what the model sees of them (the default drops them).
 *
 * Give each kind a `role` that is not a provider role (`user`, `assistant`,
 * `toolResult`): the default `convertToLlm` and the loop's checks read `role`.
 *
 * @example
 * ```ts
 * interface Notice { role: "notice"; text: string; timestamp: number }
 * declare module "@kestrel/agent-core" {
 *   interface CustomAgentMessages { notice: Notice }
 * }
 * ```
 */
// biome-ignore lint/suspicious/noEmptyInterface: extended by apps through declaration merging.
export interface CustomAgentMessages {}

/** A message of the agent's transcript: a provider message or an app-defined kind. */
export type AgentMessage = Message | CustomAgentMessages[keyof CustomAgentMessages];

/**
 * A tool result as the loop writes it into the transcript: a provider
 * `ToolResultMessage` that may also name tools to make available from the next turn
 * (present only when the tool returned a non-empty `addedToolNames`).
 */
export interface AgentToolResultMessage<TDetails = unknown> extends ToolResultMessage<TDetails> {
	addedToolNames?: string[];
}

// ---------------------------------------------------------------------------------------
// Tools
// ---------------------------------------------------------------------------------------

/**
 * How the calls of one batch run.
 * - `parallel` (default): every call is prepared in source order (validation,
 *   `beforeToolCall`), then the prepared calls execute concurrently;
 *   `tool_execution_end` comes in completion order, tool-result messages in source order.
 * - `sequential`: each call is prepared, executed and answered before the next starts.
 */
export type ToolExecutionMode = "sequential" | "parallel";

/** What a tool's `execute` resolves with, and what `onUpdate` receives while it runs. */
export interface AgentToolResult<TDetails = unknown> {
	/** What the model reads. */
	content: ToolResultContent[];
	/** Structured data for user interfaces and logs; never sent to the model. */
	details: TDetails;
	/**
	 * Marks the result as a failure the model should see as one. Throwing from `execute`
	 * has the same effect, with the error's message as the content.
	 */
	isError?: boolean;
	/**
	 * Asks the loop to end the run after this batch instead of calling the model again.
	 * Honoured only when every result of the batch says so (a single `terminate` among
	 * other results is ignored). Queued steering and follow-up messages still run.
	 */
	terminate?: boolean;
	/**
	 * Names of tools that this result makes available from the next turn (deferred tool
	 * loading). The loop copies a non-empty list into the tool-result message; making the
	 * tools available is up to `prepareNextTurn` (or the app), which sees the results.
	 */
	addedToolNames?: string[];
}

/**
 * Streams a partial result of a running tool to listeners as `tool_execution_update`.
 * Updates are emitted in call order and all of them before the call's
 * `tool_execution_end`; calls made after `execute`'s promise settled are ignored.
 */
export type AgentToolUpdateCallback<TDetails = unknown> = (partialResult: AgentToolResult<TDetails>) => void;

/**
 * A tool the agent can run: the provider-facing description (`name`, `description`,
 * `parameters` as a TypeBox / JSON schema) plus the code that runs it.
 *
 * Failures are data for the model: throw (or return `isError: true`) and the model gets
 * an error result it can react to; nothing stops the run.
 */
export interface AgentTool<TParameters extends TSchema = TSchema, TDetails = unknown>
	extends Tool<TParameters> {
	/** A short human-readable name for user interfaces. */
	label?: string;
	/**
	 * `sequential` makes any batch that calls this tool run sequentially (for tools that
	 * must not overlap with others, such as a file edit). Default: the loop's
	 * `toolExecution`.
	 */
	executionMode?: ToolExecutionMode;
	/**
	 * Rewrites the raw arguments before validation, e.g. to accept an older argument
	 * shape. Receives the model's arguments as parsed; returns what is validated against
	 * `parameters`. A throw gives the model an error result.
	 */
	prepareArguments?: (args: Record<string, unknown>) => unknown;
	/**
	 * What the tool's calls do to the world; permission policies decide from it. A tool
	 * that declares nothing is treated as the most dangerous kind (`execute`).
	 */
	effects?: ToolEffects;
	/** How user interfaces show its calls and results; without it they use a generic form. */
	display?: ToolDisplay;
	/**
	 * Runs one call. `args` are validated against `parameters` (numbers and booleans the
	 * model sent as strings are converted first). `signal` fires when the run is aborted:
	 * honour it promptly, since the loop stops waiting for the call after
	 * `toolAbortGraceMs` and answers it with an "aborted" result. `onUpdate` streams
	 * partial results.
	 */
	execute(
		toolCallId: string,
		args: Static<TParameters>,
		signal: AbortSignal,
		onUpdate: AgentToolUpdateCallback<TDetails>,
	): Promise<AgentToolResult<TDetails>>;
}

// ---------------------------------------------------------------------------------------
// Context
// ---------------------------------------------------------------------------------------

/** What a run starts from. The loop copies `messages` and never mutates the caller's array. */
export interface AgentContext {
	systemPrompt?: string;
	messages: AgentMessage[];
	/** The tools the model may call; also the tools the loop runs. */
	tools?: AgentTool[];
}

// ---------------------------------------------------------------------------------------
// Hooks
// ---------------------------------------------------------------------------------------

/** What `beforeToolCall` and `afterToolCall` see of a call. */
export interface ToolCallHookContext {
	/** The assistant message that asked for the call. */
	assistantMessage: AssistantMessage;
	/** The call as the model sent it. */
	toolCall: ToolCall;
	/** The arguments after `prepareArguments`, coercion and validation. */
	args: unknown;
	/** The run's context at this moment (the assistant message is its last entry or near it). */
	context: AgentContext;
}

/**
 * `beforeToolCall`'s answer. `{ block: true }` stops the call: the model gets an error
 * result whose text is `reason` (or a default). A blocked call may also vote
 * `terminate` in the batch's termination rule.
 */
export interface BeforeToolCallResult {
	block?: boolean;
	reason?: string;
	terminate?: boolean;
}

/** What `afterToolCall` sees: the call and its result before any override. */
export interface AfterToolCallContext extends ToolCallHookContext {
	result: AgentToolResult;
	isError: boolean;
}

/**
 * `afterToolCall`'s override, applied field by field: each field that is present (not
 * `undefined`) replaces the result's field whole; absent fields keep the tool's value.
 * There is no deep merge of `content` or `details`.
 */
export interface AfterToolCallResult {
	content?: ToolResultContent[];
	details?: unknown;
	isError?: boolean;
	terminate?: boolean;
}

/** Running totals of a run, kept by the loop (O(1) per turn). */
export interface RunStats {
	/** Model calls made so far, including a failed last one. */
	turns: number;
	/** Tool calls the model asked for so far, run or not. */
	toolCalls: number;
	/** The sum of the usage of every assistant message of the run (tokens and USD cost). */
	usage: Usage;
}

/** What `prepareNextTurn` and `shouldStopAfterTurn` see after a completed turn. */
export interface TurnContext {
	/** The turn's assistant message (final, never an error or aborted one). */
	message: AssistantMessage;
	/** The turn's tool results, in source order; empty when the model called no tool. */
	toolResults: AgentToolResultMessage[];
	/** The run's current context, with the turn's messages appended. */
	context: AgentContext;
	/** Every message the run added so far: what `agent_end` would report now. */
	newMessages: readonly AgentMessage[];
	/** A snapshot of the run's totals after this turn. */
	stats: RunStats;
	/** The model and thinking level the turn used. */
	model: Model;
	thinkingLevel: ThinkingLevel | undefined;
}

/** `prepareNextTurn`'s answer: what changes for the next model call. Absent fields stay. */
export interface NextTurnUpdate {
	/** Replaces the context (system prompt, messages, tools); the loop copies `messages`. */
	context?: AgentContext;
	model?: Model;
	thinkingLevel?: ThinkingLevel;
}

/** Machine-readable reasons of the built-in budgets, open for app-defined ones. */
export type StopReasonCode = "max_turns" | "max_tool_calls" | "max_cost" | "requested" | (string & {});

/** Why `shouldStopAfterTurn` ended a run; reported in `agent_end` as the outcome. */
export interface StopRequest {
	/** `requested` when the hook answered plain `true`. */
	reason: StopReasonCode;
	/** For people: what limit was reached. */
	message?: string;
}

/** `true` or a {@link StopRequest} ends the run; `false` / `undefined` goes on. */
export type StopDecision = boolean | StopRequest | undefined;

/**
 * Decides after each completed turn whether the run ends there. The budgets
 * (`maxTurns`, `maxToolCalls`, `maxCostUsd`) are functions of this type, combined with
 * `stopWhenAny`.
 */
export type ShouldStopAfterTurn = (turn: TurnContext) => StopDecision | Promise<StopDecision>;

/**
 * Streams one model response. `stream` from `@kestrel/ai` and
 * `registry.stream.bind(registry)` fit as they are. It should report failures inside the
 * stream; the loop also survives one that throws, rejects or breaks off.
 *
 * `context.messages` is valid for the call: with the default `convertToLlm` the loop
 * appends the next turn's messages to the same array (so that a turn costs the same at
 * message 10 and at message 10,000). A stream function that keeps it must copy it.
 */
export type StreamFn = (
	model: Model,
	context: Context,
	options: StreamOptions,
) => AssistantMessageEventStream | Promise<AssistantMessageEventStream>;

/**
 * Everything a run needs besides its messages. Every hook may be async.
 *
 * Robustness: a throw or rejection from `transformContext`, `convertToLlm`, `getApiKey`,
 * `prepareNextTurn`, `shouldStopAfterTurn`, `getSteeringMessages`,
 * `getFollowUpMessages` or the `streamFn` ends the run with an error assistant message
 * (`stopReason: "error"`, `error.code` naming the hook) and a normal `agent_end`. A
 * throw from `prepareArguments`, `beforeToolCall`, `execute` or `afterToolCall` gives the
 * model an error result instead, and the run goes on.
 */
export interface AgentLoopConfig {
	model: Model;
	/** Sent as `reasoning` with every request; `prepareNextTurn` may change it. */
	thinkingLevel?: ThinkingLevel;
	/** Passed to every request (temperature, maxTokens, cache retention, a fixed `apiKey`, …). */
	streamOptions?: Omit<StreamOptions, "signal" | "reasoning">;
	/**
	 * Resolves the key before every model call (short-lived tokens that expire during long
	 * tool runs). A non-empty answer wins over `streamOptions.apiKey`.
	 */
	getApiKey?: (provider: Provider) => string | undefined | Promise<string | undefined>;
	/**
	 * Rewrites the transcript before each model call at the agent level (pruning,
	 * injecting context). Receives the run's live message list: return a new array rather
	 * than mutating it.
	 */
	transformContext?: (
		messages: AgentMessage[],
		signal: AbortSignal,
	) => AgentMessage[] | Promise<AgentMessage[]>;
	/**
	 * Turns agent messages into provider messages before each model call: convert or drop
	 * custom kinds. Default: keep `user`, `assistant` and `toolResult` messages only.
	 */
	convertToLlm?: (messages: AgentMessage[]) => Message[] | Promise<Message[]>;
	/**
	 * Messages to inject while the agent works. Polled once before the first model call
	 * and after every completed turn (after `shouldStopAfterTurn`); what it returns is
	 * added to the transcript, with message events, before the next model call. A batch
	 * in progress is never cut short by them.
	 */
	getSteeringMessages?: () => AgentMessage[] | Promise<AgentMessage[]>;
	/**
	 * Messages to process once the agent would stop (no tool calls, no steering). If it
	 * returns any, they are injected and the run goes on with another turn.
	 */
	getFollowUpMessages?: () => AgentMessage[] | Promise<AgentMessage[]>;
	/** Default `parallel`. A tool with `executionMode: "sequential"` forces `sequential` for its batch. */
	toolExecution?: ToolExecutionMode;
	/**
	 * Runs before each tool call, after validation: return `{ block: true, reason }` to
	 * refuse it (a permission policy). Not called for calls that failed earlier, nor once
	 * the run is aborted. A throw blocks the call with an error result.
	 */
	beforeToolCall?: (
		context: ToolCallHookContext,
		signal: AbortSignal,
	) => BeforeToolCallResult | undefined | Promise<BeforeToolCallResult | undefined>;
	/**
	 * Runs after each executed call (also a failed or aborted one), before its
	 * `tool_execution_end`: may override `content`, `details`, `isError`, `terminate`
	 * field by field. A throw turns the result into an error result.
	 */
	afterToolCall?: (
		context: AfterToolCallContext,
		signal: AbortSignal,
	) => AfterToolCallResult | undefined | Promise<AfterToolCallResult | undefined>;
	/**
	 * Runs after every completed turn, right after `turn_end` and before
	 * `shouldStopAfterTurn`: may replace the context, model and thinking level for the
	 * next model call (rebuild the system prompt, compact, switch model).
	 */
	prepareNextTurn?: (turn: TurnContext) => NextTurnUpdate | undefined | Promise<NextTurnUpdate | undefined>;
	/**
	 * Runs after every completed turn, after `prepareNextTurn` and before steering is
	 * polled: a truthy answer ends the run with outcome `stopped`.
	 */
	shouldStopAfterTurn?: ShouldStopAfterTurn;
	/**
	 * After an abort, how long the loop still waits for running tool calls before it
	 * answers them with a synthetic "aborted" result and ends the run. Default 2000 ms.
	 */
	toolAbortGraceMs?: number;
}

// ---------------------------------------------------------------------------------------
// Events
// ---------------------------------------------------------------------------------------

/**
 * How a run ended, in `agent_end`.
 * - `completed`: the model answered without tool calls and no follow-up was queued.
 * - `terminated`: the last batch's results all asked to `terminate`.
 * - `stopped`: `shouldStopAfterTurn` (a budget, for instance) ended the run.
 * - `error`: the model request failed, or a hook or the `streamFn` threw; the last
 *   message is an assistant message with `stopReason: "error"`.
 * - `aborted`: the signal fired.
 */
export type RunOutcome =
	| { kind: "completed" }
	| { kind: "terminated" }
	| { kind: "stopped"; stop: StopRequest }
	| { kind: "error"; message: string; error?: ProviderError }
	| { kind: "aborted" };

/**
 * The events of a run, in this order:
 *
 * ```
 * agent_start
 * turn_start                      first turn: before the prompts' message events
 *   message_start/end             each prompt, then each injected steering/follow-up message
 *   message_start                 the assistant message (even if the provider skipped `start`)
 *   message_update*               one per provider event
 *   message_end
 *   tool_execution_start, _update…, _end   per tool call (ToolExecutionMode gives the order)
 *   message_start/end             each tool result, in source order
 * turn_end                        the assistant message and its tool results
 * turn_start …                    further turns
 * agent_end                       every message the run added, the outcome, the totals
 * ```
 *
 * `message` in `message_start` / `message_update` of an assistant message is the live
 * partial: valid until the next event; copy it to keep it.
 */
export type AgentEvent =
	| { type: "agent_start" }
	| { type: "agent_end"; messages: AgentMessage[]; outcome: RunOutcome; stats: RunStats }
	| { type: "turn_start" }
	| { type: "turn_end"; message: AssistantMessage; toolResults: AgentToolResultMessage[] }
	| { type: "message_start"; message: AgentMessage }
	| { type: "message_update"; message: AssistantMessage; assistantMessageEvent: AssistantMessageEvent }
	| { type: "message_end"; message: AgentMessage }
	| { type: "tool_execution_start"; toolCallId: string; toolName: string; args: Record<string, unknown> }
	| {
			type: "tool_execution_update";
			toolCallId: string;
			toolName: string;
			args: Record<string, unknown>;
			partialResult: AgentToolResult;
	  }
	| {
			type: "tool_execution_end";
			toolCallId: string;
			toolName: string;
			result: AgentToolResult;
			isError: boolean;
	  };

export type AgentEventType = AgentEvent["type"];

/**
 * Receives the events of a run. The loop awaits each call before it emits the next
 * event, so events never overlap, even from tools running in parallel. A throw or
 * rejection aborts the run and rejects `runAgentLoop` with it.
 */
export type AgentEventSink = (event: AgentEvent) => void | Promise<void>;

/**
 * The events of a run, as an async iterable; `result()` resolves with every message the
 * run added (the `messages` of `agent_end`).
 */
export interface AgentEventStream extends AsyncIterable<AgentEvent> {
	result(): Promise<AgentMessage[]>;
}
