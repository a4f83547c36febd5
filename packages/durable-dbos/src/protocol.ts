/** What the app (a {@link DurableRunClient}) and the workers agree on. */
import type { AgentMessage } from "@kestrel/agent-core";
import type { HarnessOutcome } from "@kestrel/harness";

/** The DBOS workflow name of a run. */
export const RUN_WORKFLOW = "kestrel.run";
/** The topic of the DBOS messages that carry steering and follow-up messages to a run. */
export const INBOX_TOPIC = "kestrel.inbox";
/** The default application name: scopes workflows and queues in the system database. */
export const DEFAULT_APP_NAME = "kestrel";
/** The default queue of runs. */
export const DEFAULT_QUEUE = "kestrel-runs";
/**
 * The default application version. DBOS only resumes or dequeues a workflow on a worker of
 * the version that started it; raise it (in workers and clients alike) when a deployment
 * changes the steps a run takes.
 */
export const DEFAULT_APP_VERSION = "kestrel-durable-1";

/** The input of a run: the session to continue and the prompt, built once by the client. */
export interface RunInput {
	/** What the worker's `openSession` opens: a session file, an id, a URL. */
	session: string;
	prompt: AgentMessage[];
}

/** What a run resolves with. */
export interface RunResult {
	outcome: HarnessOutcome;
	/** The session's leaf when the run ended. */
	leafId: string | null;
}

/** One message in a run's inbox. */
export interface InboxMessage {
	kind: "steer" | "followUp";
	message: AgentMessage;
}

/** Why a run ended without a result. */
export type DurableRunErrorCode = "tool_interrupted";

/** A run that cannot go on by itself; the message says what happened and what to do. */
export class DurableRunError extends Error {
	constructor(
		readonly code: DurableRunErrorCode,
		message: string,
	) {
		super(message);
		this.name = "DurableRunError";
	}
}
