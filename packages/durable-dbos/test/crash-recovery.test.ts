/**
 * Real worker processes on a real PostgreSQL, the real Anthropic SDK against a loopback
 * model server: a worker is SIGKILLed mid-run, a replacement under the same executor id
 * resumes the run, and the test checks what it cost (model requests, tool effects) and
 * that the session is the one an uninterrupted run leaves.
 */
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type ScriptedResponse, startWireServer, type WireServer } from "@kestrel/ai/testing";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DurableRunClient } from "../src/index.js";
import type { WorkerSettings } from "./fixtures/worker.ts";
import { planResponse, planStep } from "./support/scripted-model.js";
import {
	databaseUrl,
	effects,
	newSession,
	type SessionPlaces,
	sessionShape,
	startWorker,
	type WorkerProcess,
	waitFor,
} from "./support/workers.js";

const PLANS = {
	stream: "run stream: note:one note:two",
	tool: "run tool: note:one note:two",
	payment: "run payment: note:one charge:5 note:two",
	turns: "run turns: note:one note:two note:three",
} as const;
type PlanName = keyof typeof PLANS;

function storeOf(plan: PlanName): "file" | "postgres" {
	return plan === "turns" ? "postgres" : "file";
}

let server: WireServer;
let dir: string;
let dbUrl: string;
let places: SessionPlaces;
/** A one-off change to the response of `<tag>:<request index>` (used once, then removed). */
const responseHooks = new Map<string, () => Partial<ScriptedResponse>>();
const baseline = new Map<PlanName, { requests: number; shape: unknown[] }>();

function settings(queue: string, executorId: string, extra: Partial<WorkerSettings> = {}): WorkerSettings {
	return {
		databaseUrl: dbUrl,
		queue,
		executorId,
		sessionDir: dir,
		sessionStore: places.store,
		modelUrl: server.url,
		effectsFile: join(dir, `${queue}.effects`),
		...extra,
	};
}

function requestsOf(tag: string): number {
	return server.requests.filter((request) => planStep(request.body).tag === tag).length;
}

beforeAll(async () => {
	dir = await mkdtemp(join(tmpdir(), "kestrel-durable-"));
	const name = `durable_${randomBytes(4).toString("hex")}`;
	dbUrl = databaseUrl(inject("postgresUrl"), name);
	// Sessions in files, except the between-turns test's, which are rows of the Postgres store.
	places = { dir, store: { url: inject("postgresUrl"), schema: name } };
	server = await startWireServer({
		respond: ({ request }) => {
			const { tag, index, script } = planStep(request.body);
			const hook = responseHooks.get(`${tag}:${index}`);
			responseHooks.delete(`${tag}:${index}`);
			return planResponse(script, hook?.());
		},
	});
	// The uninterrupted runs every crash test is compared with, all at once on one worker.
	const worker = await startWorker(settings("baseline", "baseline-1"));
	const client = await DurableRunClient.connect({ databaseUrl: dbUrl, queue: "baseline" });
	try {
		const sessions = new Map<PlanName, string>();
		for (const name of Object.keys(PLANS) as PlanName[]) {
			const session = await newSession(places, storeOf(name));
			sessions.set(name, session);
			await client.start(`baseline-${name}`, { session, prompt: PLANS[name] });
		}
		for (const [name, session] of sessions) {
			const result = await client.result(`baseline-${name}`);
			expect(result.outcome.kind).toBe("completed");
			baseline.set(name, { requests: requestsOf(name), shape: await sessionShape(places, session) });
		}
	} finally {
		await client.close();
		await worker.kill("SIGTERM");
	}
});

afterAll(async () => {
	await server?.close();
	if (dir) await rm(dir, { recursive: true, force: true });
});

/** Starts `plan` on a first worker, lets `crash` kill it, resumes on a replacement; returns what the run cost. */
async function crashAndResume(
	plan: PlanName,
	first: Partial<WorkerSettings>,
	crash: (worker: WorkerProcess, effectsFile: string) => Promise<void>,
): Promise<{
	session: string;
	effectsFile: string;
	requests: () => number;
	client: DurableRunClient;
	runId: string;
}> {
	const app = `crash-${plan}`;
	const { effectsFile } = settings(app, "");
	const worker = await startWorker(settings(app, `${app}-w1`, first));
	const client = await DurableRunClient.connect({ databaseUrl: dbUrl, queue: app });
	const session = await newSession(places, storeOf(plan));
	const runId = `${app}-run`;
	const requestsBefore = requestsOf(plan);
	await client.start(runId, { session, prompt: PLANS[plan] });
	await crash(worker, effectsFile);
	expect(await worker.exited).toBe("SIGKILL");
	// The replacement: the same executor id, so DBOS resumes the run when it launches.
	const replacement = await startWorker(settings(app, `${app}-w1`));
	try {
		await waitFor(`${runId} to end`, async () => {
			const status = await client.status(runId);
			return status === "SUCCESS" || status === "ERROR";
		});
	} finally {
		await replacement.kill("SIGTERM");
	}
	return { session, effectsFile, requests: () => requestsOf(plan) - requestsBefore, client, runId };
}

/** Each call of the plan's tools started and finished once. */
function onceEach(...calls: string[]): string[] {
	return calls.flatMap((call) => [`start ${call}`, `done ${call}`]).sort();
}

describe("a run resumed on another worker after SIGKILL", () => {
	it("(a) while a model response streams: that request is made again, no other; the session is as uninterrupted", async () => {
		let release!: () => void;
		const released = new Promise<void>((resolve) => {
			release = resolve;
		});
		// The second model call stops half-way until the worker is dead.
		responseHooks.set("stream:1", () => ({ pause: { afterBytes: 200, until: released } }));
		const run = await crashAndResume("stream", {}, async (worker) => {
			await waitFor("the second response to be under way", () => !responseHooks.has("stream:1"));
			await waitFor("its first bytes to be sent", () => server.bytesWritten > 0);
			await worker.kill("SIGKILL");
			release();
		});
		try {
			expect((await run.client.result(run.runId)).outcome.kind).toBe("completed");
			expect(run.requests()).toBe(baseline.get("stream")!.requests + 1);
			expect(effects(run.effectsFile).sort()).toEqual(onceEach("note toolu_stream_0", "note toolu_stream_1"));
			expect(await sessionShape(places, run.session)).toEqual(baseline.get("stream")!.shape);
		} finally {
			await run.client.close();
		}
	});

	it("(b) while a tool that may run again runs: the tool runs again, no model call is repeated; the session is as uninterrupted", async () => {
		const run = await crashAndResume("tool", { slowTool: "note" }, async (worker, effectsFile) => {
			await waitFor("the first note to start", () =>
				effects(effectsFile).includes("start note toolu_tool_0"),
			);
			await worker.kill("SIGKILL");
		});
		try {
			expect((await run.client.result(run.runId)).outcome.kind).toBe("completed");
			expect(run.requests()).toBe(baseline.get("tool")!.requests);
			expect(effects(run.effectsFile).sort()).toEqual(
				[...onceEach("note toolu_tool_0", "note toolu_tool_1"), "start note toolu_tool_0"].sort(),
			);
			expect(await sessionShape(places, run.session)).toEqual(baseline.get("tool")!.shape);
		} finally {
			await run.client.close();
		}
	});

	it("(b) while a tool that may not run twice runs: it is not repeated and the run ends with a clear error", async () => {
		const run = await crashAndResume("payment", { slowTool: "charge" }, async (worker, effectsFile) => {
			await waitFor("the charge to start", () =>
				effects(effectsFile).includes("start charge toolu_payment_1"),
			);
			await worker.kill("SIGKILL");
		});
		try {
			await expect(run.client.result(run.runId)).rejects.toThrow(
				/toolu_payment_1 of charge .*not to run twice/,
			);
			expect(await run.client.status(run.runId)).toBe("ERROR");
			expect(run.requests()).toBe(2);
			expect(effects(run.effectsFile).sort()).toEqual(
				[...onceEach("note toolu_payment_0"), "start charge toolu_payment_1"].sort(),
			);
			const shape = (await sessionShape(places, run.session)) as {
				role?: string;
				toolCallId?: string;
				isError?: boolean;
			}[];
			const results = shape.filter((entry) => entry.role === "toolResult");
			expect(results.map((entry) => [entry.toolCallId, entry.isError])).toEqual([
				["toolu_payment_0", false],
				["toolu_payment_1", true],
			]);
		} finally {
			await run.client.close();
		}
	});

	it("(c) between turns, sessions in Postgres: nothing is repeated; the session is as uninterrupted", async () => {
		const run = await crashAndResume("turns", { killAfterTurn: 2 }, async () => {});
		try {
			expect((await run.client.result(run.runId)).outcome.kind).toBe("completed");
			expect(run.requests()).toBe(baseline.get("turns")!.requests);
			expect(effects(run.effectsFile).sort()).toEqual(
				onceEach("note toolu_turns_0", "note toolu_turns_1", "note toolu_turns_2"),
			);
			expect(await sessionShape(places, run.session)).toEqual(baseline.get("turns")!.shape);
		} finally {
			await run.client.close();
		}
	});
});
