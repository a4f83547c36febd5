/**
 * One worker process of the durable bench: DBOS launched with the run workflow, sessions
 * in the Postgres store, and one tool, `record`, whose effect is a line `<run> <step>` in
 * the effects file (one `O_APPEND` write, so lines of concurrent workers never mix). Its
 * settings come as JSON in argv[2]. Prints `ready` once launched; on SIGTERM it shuts
 * down and prints its CPU time as `cpu <microseconds>`.
 */
import { appendFileSync } from "node:fs";
import { createAnthropicMessagesProvider, ProviderRegistry } from "@kestrel/ai";
import { durableTool, startDurableWorker } from "@kestrel/durable-dbos";
import { SessionManager } from "@kestrel/harness";
import { PostgresSessionBackend } from "@kestrel/session-postgres";
import { Type } from "typebox";
import { benchModel } from "./scripted-model.js";

export interface BenchWorkerSettings {
	databaseUrl: string;
	executorId: string;
	modelUrl: string;
	effectsFile: string;
	workerConcurrency: number;
	globalConcurrency: number;
}

const settings = JSON.parse(process.argv[2] ?? "{}") as BenchWorkerSettings;

const record = durableTool(
	{
		name: "record",
		description: "Records that a step of the run happened.",
		parameters: Type.Object({ run: Type.String(), step: Type.Number() }),
		execute: async (_id: string, args: { run: string; step: number }) => {
			appendFileSync(settings.effectsFile, `${args.run} ${args.step}\n`);
			return { content: [{ type: "text" as const, text: `recorded ${args.step}` }], details: undefined };
		},
	},
	{ onCrash: "fail" },
);

const registry = new ProviderRegistry();
registry.register(createAnthropicMessagesProvider());
const store = await PostgresSessionBackend.connect({
	connectionString: settings.databaseUrl,
	maxConnections: 4,
});
const sessions = SessionManager.withBackend(store, { cwd: "/bench" });

const worker = await startDurableWorker({
	databaseUrl: settings.databaseUrl,
	executorId: settings.executorId,
	queue: {
		workerConcurrency: settings.workerConcurrency,
		globalConcurrency: settings.globalConcurrency,
		pollingIntervalMs: 200,
	},
	// Connections per worker: DBOS's pool (10), the session store's (4) and one per open
	// session (its writer lock, so up to workerConcurrency): 39 at 25 runs, 4 workers 156,
	// within the test cluster's max_connections of 200.
	poolSize: 10,
	openSession: (ref) => sessions.open(ref),
	harness: () => ({
		model: benchModel(settings.modelUrl),
		streamFn: registry.stream.bind(registry),
		getApiKey: () => "sk-ant-bench",
		systemPrompt: "You are the durable bench agent.",
		tools: [record],
		retry: { maxAttempts: 0 },
	}),
});
process.stdout.write("ready\n");

process.once("SIGTERM", () => {
	void (async () => {
		await worker.shutdown();
		await store.close();
		const cpu = process.cpuUsage();
		process.stdout.write(`cpu ${cpu.user + cpu.system}\n`);
		process.exit(0);
	})();
});
