import { DBOSClient } from "@dbos-inc/dbos-sdk";
import { type AgentMessage, createUserMessage } from "@kestrel/agent-core";
import {
	DEFAULT_APP_NAME,
	DEFAULT_APP_VERSION,
	DEFAULT_QUEUE,
	INBOX_TOPIC,
	type InboxMessage,
	RUN_WORKFLOW,
	type RunInput,
	type RunResult,
} from "./protocol.js";

export interface DurableRunClientOptions {
	/** The workers' database. */
	databaseUrl: string;
	/** As the workers'; default `kestrel`. */
	appName?: string;
	/** As the workers'; default `kestrel-durable-1`. */
	appVersion?: string;
	/** As the workers'; default `kestrel-runs`. */
	queue?: string;
}

/** Where a run is, as DBOS records it. */
export type RunStatus = "ENQUEUED" | "PENDING" | "SUCCESS" | "ERROR" | "CANCELLED" | string;

/**
 * The app's side of durable runs: starts them on the queue, sends them steering and
 * follow-up messages, aborts them and waits for their results. It talks to the database
 * only, so it runs anywhere (a web server, a CLI) without being a worker.
 */
export class DurableRunClient {
	private constructor(
		private readonly client: DBOSClient,
		private readonly options: DurableRunClientOptions,
	) {}

	static async connect(options: DurableRunClientOptions): Promise<DurableRunClient> {
		const client = await DBOSClient.create({
			systemDatabaseUrl: options.databaseUrl,
			applicationName: options.appName ?? DEFAULT_APP_NAME,
		});
		return new DurableRunClient(client, options);
	}

	/**
	 * Queues a run of `prompt` in `session` under the id `runId`. The id is the idempotency
	 * key: starting the same id again (a retried request, a double click) returns the run
	 * already there and queues nothing.
	 */
	async start(
		runId: string,
		input: { session: string; prompt: string | AgentMessage | AgentMessage[] },
	): Promise<void> {
		const { prompt } = input;
		const run: RunInput = {
			session: input.session,
			prompt:
				typeof prompt === "string" ? [createUserMessage(prompt)] : Array.isArray(prompt) ? prompt : [prompt],
		};
		await this.client.enqueue(
			{
				queueName: this.options.queue ?? DEFAULT_QUEUE,
				workflowName: RUN_WORKFLOW,
				workflowID: runId,
				appVersion: this.options.appVersion ?? DEFAULT_APP_VERSION,
			},
			run,
		);
	}

	/** Injects a message into the running agent after its current turn's tools. */
	steer(runId: string, message: string | AgentMessage, idempotencyKey?: string): Promise<void> {
		return this.send(runId, { kind: "steer", message: asMessage(message) }, idempotencyKey);
	}

	/** Gives the agent a message to handle when it would otherwise stop. */
	followUp(runId: string, message: string | AgentMessage, idempotencyKey?: string): Promise<void> {
		return this.send(runId, { kind: "followUp", message: asMessage(message) }, idempotencyKey);
	}

	/**
	 * Cancels the run: a queued run never starts; a running one stops at its current model
	 * or tool call (within about a second) and is not resumed. Its session keeps what was
	 * recorded before.
	 */
	abort(runId: string): Promise<void> {
		return this.client.cancelWorkflow(runId);
	}

	/** Waits for the run's result; rejects with the run's error (a `tool_interrupted` stop, a cancel). */
	async result(runId: string): Promise<RunResult> {
		return (await this.client.retrieveWorkflow<RunResult>(runId).getResult()) as RunResult;
	}

	/** Where the run is; `undefined` for an id never started. */
	async status(runId: string): Promise<RunStatus | undefined> {
		return (await this.client.getWorkflow(runId))?.status;
	}

	/** Where each of these runs is, in one query (ids never started are absent). */
	async statuses(runIds: readonly string[]): Promise<Map<string, RunStatus>> {
		const rows = await this.client.listWorkflows({
			workflowIDs: [...runIds],
			loadInput: false,
			loadOutput: false,
		});
		return new Map(rows.map((row) => [row.workflowID, row.status]));
	}

	async close(): Promise<void> {
		await this.client.destroy();
	}

	private send(runId: string, item: InboxMessage, idempotencyKey?: string): Promise<void> {
		return this.client.send(runId, item, INBOX_TOPIC, idempotencyKey);
	}
}

function asMessage(message: string | AgentMessage): AgentMessage {
	return typeof message === "string" ? createUserMessage(message) : message;
}
