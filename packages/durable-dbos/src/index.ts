/**
 * Durable agent runs on DBOS Transact: an `AgentHarness` prompt as a DBOS workflow whose
 * model calls and tool calls are steps recorded in PostgreSQL, started through a queue
 * that any number of worker processes share.
 */
export { DurableRunClient, type DurableRunClientOptions, type RunStatus } from "./durable-client.js";
export { type CrashPolicy, crashPolicyOf, durableTool } from "./durable-tool.js";
export {
	type DurableWorker,
	type DurableWorkerOptions,
	type RunHarnessOptions,
	startDurableWorker,
} from "./durable-worker.js";
export {
	DEFAULT_APP_NAME,
	DEFAULT_APP_VERSION,
	DEFAULT_QUEUE,
	DurableRunError,
	type DurableRunErrorCode,
	INBOX_TOPIC,
	type InboxMessage,
	RUN_WORKFLOW,
	type RunInput,
	type RunResult,
} from "./protocol.js";
export { replaySession } from "./replay-session.js";
