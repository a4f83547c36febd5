export * from "./compaction/index.js";
export { AgentHarness } from "./harness/agent-harness.js";
export { HarnessError, type HarnessErrorCode } from "./harness/harness-error.js";
export type {
	AgentHarnessOptions,
	HarnessEvent,
	HarnessEventType,
	HarnessListener,
	HarnessOutcome,
	HarnessState,
	SystemPromptProvider,
	ToolPackReport,
} from "./harness/types.js";
export {
	type BranchSummaryMessage,
	branchSummaryText,
	type CompactionSummaryMessage,
	compactionSummaryText,
	convertHarnessMessages,
	createShellCommandMessage,
	type HarnessCustomMessage,
	type ShellCommandMessage,
	type ShellCommandRecord,
	STRIPPED_TOOL_RESULT_TEXT,
	shellCommandText,
	stripToolResult,
} from "./messages.js";
export { cwdSlug, defaultSessionDir, kestrelHome } from "./paths.js";
export * from "./retry/index.js";
export { MIN_SECRET_LENGTH, SecretRedactor } from "./secrets/secret-redactor.js";
export * from "./session/index.js";
export * from "./settings/index.js";
export * from "./system-prompt/index.js";
