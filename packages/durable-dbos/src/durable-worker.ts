import { DBOS } from "@dbos-inc/dbos-sdk";
import type { AgentTool, StreamFn } from "@kestrel/agent-core";
import { stream } from "@kestrel/ai";
import { AgentHarness, type AgentHarnessOptions, type HarnessListener, type Session } from "@kestrel/harness";
import { durablePackOf, durableStreamFn, durableToolOf, type StepControl } from "./durable-steps.js";
import type { CrashPolicy } from "./durable-tool.js";
import {
	DEFAULT_APP_NAME,
	DEFAULT_APP_VERSION,
	DEFAULT_QUEUE,
	DurableRunError,
	INBOX_TOPIC,
	type InboxMessage,
	RUN_WORKFLOW,
	type RunInput,
	type RunResult,
} from "./protocol.js";
import { replaySession } from "./replay-session.js";

/** The harness of one run, as the app builds it; the worker adds the session and makes the steps durable. */
export type RunHarnessOptions = Omit<AgentHarnessOptions, "session" | "streamFn" | "tools"> & {
	/** The model call; default `stream` of `@kestrel/ai`. */
	streamFn?: StreamFn;
	/**
	 * Each call becomes a durable step; see `durableTool` for what happens after a crash
	 * mid-call. The tools of `toolPacks` are made durable the same way.
	 */
	tools?: AgentTool[];
};

export interface DurableWorkerOptions {
	/** The Postgres database where DBOS keeps workflows, steps, queues and messages (created if missing). */
	databaseUrl: string;
	/**
	 * This worker's name, stable across restarts: DBOS resumes, at launch, the runs that a
	 * worker of the same id left unfinished. Give each worker process its own (two live
	 * workers with one id would both resume the same runs), and start a dead worker's
	 * replacement under the dead one's id.
	 */
	executorId: string;
	/** Opens a run's session for writing (the run's input names it). The worker closes it after the run. */
	openSession(ref: string): Promise<Session>;
	/** The harness options of a run: model, tools, system prompt, budgets… */
	harness(input: RunInput): RunHarnessOptions | Promise<RunHarnessOptions>;
	/** Crash policies by tool name, for tools not wrapped in `durableTool`. */
	crashPolicies?: Readonly<Record<string, CrashPolicy>>;
	/** Gets the events of the runs executed here (replayed steps included). */
	listener?: (runId: string) => HarnessListener | undefined;
	/** Default {@link DEFAULT_APP_NAME}; clients must use the same. */
	appName?: string;
	/** Default {@link DEFAULT_APP_VERSION}; clients must use the same. */
	appVersion?: string;
	queue?: {
		/** Default {@link DEFAULT_QUEUE}. */
		name?: string;
		/** Runs at once across all workers. Default: no limit. */
		globalConcurrency?: number;
		/** Runs at once on this worker. Default 8. */
		workerConcurrency?: number;
		/** How often an idle worker looks for queued runs. Default 1,000 ms (DBOS's). */
		pollingIntervalMs?: number;
	};
	/** DBOS's log level. Default `warn`. */
	logLevel?: string;
	/** Connections of this worker to the database. Default DBOS's (10). */
	poolSize?: number;
}

/** A launched worker; one per process (DBOS is a process-wide runtime). */
export interface DurableWorker {
	readonly executorId: string;
	/** Stops taking runs and disconnects; runs in progress here are resumed by this id's next launch. */
	shutdown(): Promise<void>;
}

/**
 * Launches DBOS in this process as a Kestrel worker: registers the run workflow, resumes
 * the runs this `executorId` left unfinished, and takes queued runs within the queue's
 * limits. Each run is an `AgentHarness` prompt whose model calls and tool calls are DBOS
 * steps (see the package README for the exact boundaries).
 */
export async function startDurableWorker(options: DurableWorkerOptions): Promise<DurableWorker> {
	DBOS.registerWorkflow(async (input: RunInput) => runWorkflow(options, input), { name: RUN_WORKFLOW });
	const queue = options.queue ?? {};
	const queueName = queue.name ?? DEFAULT_QUEUE;
	DBOS.setConfig({
		name: options.appName ?? DEFAULT_APP_NAME,
		systemDatabaseUrl: options.databaseUrl,
		executorID: options.executorId,
		applicationVersion: options.appVersion ?? DEFAULT_APP_VERSION,
		logLevel: options.logLevel ?? "warn",
		// Only this queue: other apps' queues in the same database are not this worker's to run.
		listenQueues: [queueName],
		...(options.poolSize ? { systemDatabasePoolSize: options.poolSize } : {}),
	});
	await DBOS.launch();
	await DBOS.registerQueue(queueName, {
		workerConcurrency: queue.workerConcurrency ?? 8,
		...(queue.globalConcurrency ? { globalConcurrency: queue.globalConcurrency } : {}),
		...(queue.pollingIntervalMs ? { minPollingIntervalMs: queue.pollingIntervalMs } : {}),
		onConflict: "always_update",
	});
	return {
		executorId: options.executorId,
		shutdown: () => DBOS.shutdown({ deregister: true }),
	};
}

/** The body of the `kestrel.run` workflow; deterministic in the steps it takes. */
async function runWorkflow(options: DurableWorkerOptions, input: RunInput): Promise<RunResult> {
	const runId = DBOS.workflowID ?? "";
	const session = await options.openSession(input.session);
	let harness: AgentHarness | undefined;
	try {
		// The leaf the run starts from, recorded once: a resumed run replays its appends from there.
		const startLeaf = await DBOS.runStep(async () => session.leafId, { name: "kestrel.session-start" });
		const control: StepControl = {
			checkInbox: async () => {
				for (const item of await drainInbox()) {
					if (item.kind === "steer") harness?.steer(item.message);
					else harness?.followUp(item.message);
				}
			},
			abort: () => harness?.abort(),
			interrupted: undefined,
			crashPolicies: options.crashPolicies,
		};
		const app = await options.harness(input);
		harness = new AgentHarness({
			...app,
			session: replaySession(session, startLeaf),
			streamFn: durableStreamFn(app.streamFn ?? stream, control),
			tools: (app.tools ?? []).map((tool) => durableToolOf(tool, control)),
			...(app.toolPacks ? { toolPacks: app.toolPacks.map((pack) => durablePackOf(pack, control)) } : {}),
			// One call at a time: steps are numbered in the order they start, and a replay must meet them in that order.
			toolExecution: "sequential",
		});
		const listener = options.listener?.(runId);
		if (listener) harness.subscribe(listener);
		let outcome = await harness.prompt(input.prompt);
		// Messages that arrived after the last model call: follow-ups (a late steer is one too).
		for (;;) {
			if (control.interrupted || outcome.kind === "aborted") break;
			const late = await drainInbox();
			if (late.length === 0) break;
			outcome = await harness.prompt(late.map((item) => item.message));
		}
		if (control.interrupted) {
			const { tool, toolCallId } = control.interrupted;
			throw new DurableRunError(
				"tool_interrupted",
				`Run ${runId} stopped: the call ${toolCallId} of ${tool} was running when its worker died, and ${tool} is declared not to run twice (durableTool onCrash "fail"). Check what the call did, then continue the session with a new run.`,
			);
		}
		return { outcome, leafId: session.leafId };
	} finally {
		await harness?.dispose();
		await session.close();
	}
}

/** The messages waiting in the run's inbox, oldest first; each read is recorded, so a replay gets the same. */
async function drainInbox(): Promise<InboxMessage[]> {
	const items: InboxMessage[] = [];
	for (;;) {
		const item = await DBOS.recv<InboxMessage>(INBOX_TOPIC, 0);
		if (!item) return items;
		items.push(item);
	}
}
