/**
 * Talking to a run in progress through DBOS: steering and follow-up messages reach the
 * workflow, an abort cancels it (and the tool call in flight), and starting a run id
 * twice starts one run.
 */
import { randomBytes } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startWireServer, type WireServer } from "@kestrel/ai/testing";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DurableRunClient } from "../src/index.js";
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

let server: WireServer;
let places: SessionPlaces;
let worker: WorkerProcess;
let client: DurableRunClient;
const effectsFile = () => join(places.dir, "messages.effects");

beforeAll(async () => {
	const dir = await mkdtemp(join(tmpdir(), "kestrel-durable-messages-"));
	const name = `durable_${randomBytes(4).toString("hex")}`;
	places = { dir, store: { url: inject("postgresUrl"), schema: name } };
	server = await startWireServer({ respond: ({ request }) => planResponse(planStep(request.body).script) });
	const databaseUrlOfRuns = databaseUrl(inject("postgresUrl"), name);
	worker = await startWorker({
		databaseUrl: databaseUrlOfRuns,
		queue: "messages",
		executorId: "messages-w1",
		sessionDir: dir,
		sessionStore: places.store,
		modelUrl: server.url,
		effectsFile: effectsFile(),
		slowTool: "note",
	});
	client = await DurableRunClient.connect({ databaseUrl: databaseUrlOfRuns, queue: "messages" });
});

afterAll(async () => {
	await client?.close();
	await worker?.kill("SIGTERM");
	await server?.close();
	if (places) await rm(places.dir, { recursive: true, force: true });
});

function requestTexts(tag: string): string[][] {
	return server.requests
		.filter((request) => planStep(request.body).tag === tag)
		.map((request) =>
			(
				(request.body as { messages: { role: string; content: { type: string; text?: string }[] }[] })
					.messages ?? []
			)
				.filter((message) => message.role === "user")
				.flatMap((message) =>
					message.content.filter((block) => block.type === "text").map((block) => block.text ?? ""),
				),
		);
}

describe("messages to a running run", () => {
	it("steering reaches the next model call, a follow-up runs after the answer, and a run id starts one run", async () => {
		const session = await newSession(places, "file");
		await client.start("talk", { session, prompt: "run talk: note:one" });
		// The same id again (a retried request): the run already there, not a second one.
		await client.start("talk", { session, prompt: "run talk: note:one" });
		await waitFor("the note to start", () => effects(effectsFile()).includes("start note toolu_talk_0"));
		await client.steer("talk", "Also mention the weather.");
		await client.followUp("talk", "And now summarise.");
		// The messages are in the database before the tool ends: the run reads them at its next step.
		await writeFile(`${effectsFile()}.open`, "");
		const result = await client.result("talk");
		expect(result.outcome.kind).toBe("completed");
		const requests = requestTexts("talk");
		// 1: the prompt; 2: after the note, with the steering message; 3: the follow-up.
		expect(requests, JSON.stringify(requests)).toHaveLength(3);
		expect(requests[1]).toContain("Also mention the weather.");
		expect(requests[1]).not.toContain("And now summarise.");
		expect(requests[2]).toContain("And now summarise.");
		expect(effects(effectsFile()).filter((line) => line.includes("toolu_talk_0"))).toHaveLength(2);
		const users = ((await sessionShape(places, session)) as { role?: string; content?: unknown }[]).filter(
			(entry) => entry.role === "user",
		);
		expect(users).toHaveLength(3);
	});

	it("abort cancels the run and its tool call in flight", async () => {
		await rm(`${effectsFile()}.open`, { force: true });
		const session = await newSession(places, "file");
		await client.start("stop", { session, prompt: "run stop: note:one note:two" });
		await waitFor("the note to start", () => effects(effectsFile()).includes("start note toolu_stop_0"));
		await client.abort("stop");
		await expect(client.result("stop")).rejects.toThrow();
		expect(await client.status("stop")).toBe("CANCELLED");
		// The tool call did not finish and no model call followed.
		await waitFor("the worker to settle the cancelled run", () => requestTexts("stop").length >= 1);
		expect(effects(effectsFile()).filter((line) => line.includes("toolu_stop"))).toEqual([
			"start note toolu_stop_0",
		]);
		expect(requestTexts("stop")).toHaveLength(1);
	});
});
