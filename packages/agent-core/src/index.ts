export { Agent, type AgentListener, type AgentOptions } from "./agent/agent.js";
export type { AgentState } from "./agent/agent-state.js";
export {
	maxCostUsd,
	maxToolCalls,
	maxTurns,
	type RunBudgetLimits,
	runBudget,
	stopWhenAny,
} from "./budgets.js";
export { agentLoop, agentLoopContinue, runAgentLoop, runAgentLoopContinue } from "./loop/agent-loop.js";
export { createUserMessage, defaultConvertToLlm, isProviderMessage } from "./messages.js";
export { selectTools, type ToolSelection } from "./packs/select-tools.js";
export {
	defineToolPack,
	staticToolPack,
	type ToolPack,
	type ToolPackCommand,
	type ToolPackCommandResult,
	type ToolPackContext,
	type ToolPackModule,
	type ToolPackStatus,
} from "./packs/tool-pack.js";
export {
	type PackedTool,
	type StartToolPacksOptions,
	type ToolPackFailure,
	ToolPackSet,
} from "./packs/tool-pack-set.js";
export { localFailure } from "./run/failures.js";
export { AgentError, type AgentErrorCode } from "./shell/agent-error.js";
export { MessageQueue, type QueueMode } from "./shell/message-queue.js";
export { RunShell } from "./shell/run-shell.js";
export type {
	AttemptRequest,
	BusyScope,
	QueuedMessages,
	RunFunction,
	RunListener,
	RunShellOptions,
	RunStart,
} from "./shell/types.js";
export type { DiffView, TextView, ToolDisplay, ToolView } from "./tool-display.js";
export {
	type CallEffect,
	callEffect,
	type FileChange,
	type ToolEffectKind,
	type ToolEffects,
} from "./tool-effects.js";
export { coerceScalars } from "./tools/coerce-arguments.js";
export { type ArgumentsValidation, validateToolArguments } from "./tools/validate-arguments.js";
export type {
	AfterToolCallContext,
	AfterToolCallResult,
	AgentContext,
	AgentEvent,
	AgentEventSink,
	AgentEventStream,
	AgentEventType,
	AgentLoopConfig,
	AgentMessage,
	AgentTool,
	AgentToolResult,
	AgentToolResultMessage,
	AgentToolUpdateCallback,
	BeforeToolCallResult,
	CustomAgentMessages,
	NextTurnUpdate,
	RunOutcome,
	RunStats,
	ShouldStopAfterTurn,
	StopDecision,
	StopReasonCode,
	StopRequest,
	StreamFn,
	ToolCallHookContext,
	ToolExecutionMode,
	TurnContext,
} from "./types.js";
