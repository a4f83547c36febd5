import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { modelsFileApiKey, providerModels } from "../../src/models-file/models-file-models.js";
import { validateModelsFile } from "../../src/models-file/validate-models-file.js";
import { registerBuiltInProviders } from "../../src/providers/register-built-ins.js";
import { ProviderRegistry } from "../../src/registry.js";
import type { ConversationApi } from "../../src/testing/kestrel-wire/script-schema.js";
import type { AssistantMessage, Context } from "../../src/types.js";

/** The committed bin, which runs the built `dist` (the test task builds first). */
const BIN = fileURLToPath(new URL("../../bin/kestrel-wire.js", import.meta.url));

interface Running {
	child: ChildProcess;
	stdout: () => string;
	stderr: () => string;
	exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

let folder: string;
let running: Running | undefined;
beforeEach(async () => {
	folder = await mkdtemp(join(tmpdir(), "kestrel-wire-"));
});
afterEach(async () => {
	if (running && running.child.exitCode === null && running.child.signalCode === null) {
		running.child.kill("SIGKILL");
		await running.exited;
	}
	running = undefined;
	await rm(folder, { recursive: true, force: true });
});

function startBin(args: string[]): Running {
	const child = spawn(process.execPath, [BIN, ...args], { stdio: ["ignore", "pipe", "pipe"] });
	let stdout = "";
	let stderr = "";
	child.stdout?.on("data", (chunk: Buffer) => {
		stdout += chunk.toString("utf8");
	});
	child.stderr?.on("data", (chunk: Buffer) => {
		stderr += chunk.toString("utf8");
	});
	const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
		child.on("close", (code, signal) => resolve({ code, signal })),
	);
	running = { child, stdout: () => stdout, stderr: () => stderr, exited };
	return running;
}

/** Starts the bin on `script` and waits for its models.json, which it prints once it listens. */
async function serve(script: unknown, extra: string[] = []): Promise<{ run: Running; modelsJson: unknown }> {
	const file = join(folder, "script.json");
	await writeFile(file, JSON.stringify(script));
	const run = startBin([file, ...extra]);
	const ready = new Promise<void>((resolve, reject) => {
		run.child.stdout?.on("data", () => {
			if (run.stdout().includes("kestrel --model")) resolve();
		});
		void run.exited.then(({ code }) => reject(new Error(`kestrel-wire exited ${code}: ${run.stderr()}`)));
	});
	await ready;
	const [json] = run.stdout().split("\n\n");
	return { run, modelsJson: JSON.parse(json ?? "") };
}

/** A registry with the built-in APIs, and the `wire` model of a printed models.json. */
function wireModel(modelsJson: unknown) {
	const registry = new ProviderRegistry();
	registerBuiltInProviders(registry);
	const loaded = { path: "models.json", file: validateModelsFile(modelsJson, "models.json", registry) };
	const [model] = providerModels(loaded, "wire", {});
	if (!model) throw new Error("the models.json has no wire model");
	return { registry, model, apiKey: modelsFileApiKey(loaded, "wire", {})?.apiKey };
}

const TOOL_SCRIPT = (api: ConversationApi) => ({
	api,
	model: "scripted-model",
	replies: [
		{
			when: { userMatches: "weather" },
			thinking: "I should look.",
			toolCalls: [{ name: "get_weather", arguments: { city: "Oslo" } }],
		},
		{ when: { toolResultMatches: "(\\d+) °C" }, text: "It is 12 °C in Oslo.", chunkDelayMs: 0 },
	],
	fallback: { text: "Nothing scripted for that." },
});

const text = (message: AssistantMessage) =>
	message.content.map((block) => (block.type === "text" ? block.text : "")).join("");

describe("the kestrel-wire bin", () => {
	const apis: ConversationApi[] = [
		"anthropic-messages",
		"openai-completions",
		"openai-responses",
		"google-generative-ai",
	];
	it.each(apis)(
		"serves a tool call then an answer in %s to the real SDK, on the port it is given",
		async (api) => {
			const port = await freePort();
			const { run, modelsJson } = await serve(TOOL_SCRIPT(api), [
				"--port",
				String(port),
				"--host",
				"127.0.0.1",
			]);
			expect(modelsJson).toEqual({
				providers: {
					wire: {
						baseUrl: `http://127.0.0.1:${port}${api.startsWith("openai-") ? "/v1" : ""}`,
						api,
						apiKey: "kestrel-wire-dummy-key",
						models: [{ id: "scripted-model" }],
					},
				},
			});
			expect(run.stdout()).toContain('kestrel --model wire/scripted-model -p "hello"');

			const { registry, model, apiKey } = wireModel(modelsJson);
			const context: Context = {
				messages: [{ role: "user", content: "What is the weather in Oslo?", timestamp: 1 }],
				tools: [
					{
						name: "get_weather",
						description: "Weather",
						parameters: { type: "object", properties: {} } as never,
					},
				],
			};
			const first = await registry.complete(model, context, { apiKey });
			expect(first.errorMessage).toBeUndefined();
			expect(first.stopReason).toBe("toolUse");
			const call = first.content.find((block) => block.type === "toolCall");
			expect(call).toMatchObject({ name: "get_weather", arguments: { city: "Oslo" } });
			context.messages.push(first, {
				role: "toolResult",
				toolCallId: call?.type === "toolCall" ? call.id : "",
				toolName: "get_weather",
				content: [{ type: "text", text: "12 °C, light rain" }],
				isError: false,
				timestamp: 2,
			});
			const second = await registry.complete(model, context, { apiKey });
			expect(second.stopReason).toBe("stop");
			expect(text(second)).toBe("It is 12 °C in Oslo.");

			context.messages.push(second, { role: "user", content: "Thanks!", timestamp: 3 });
			expect(text(await registry.complete(model, context, { apiKey }))).toBe("Nothing scripted for that.");

			expect(run.stderr()).toMatch(
				/#1 POST \S+, turn 1 → replies\[0\]: thinking, 1 tool call \(get_weather\)/,
			);
			expect(run.stderr()).toMatch(/#2 POST \S+, turn 2 → replies\[1\]: text/);
			expect(run.stderr()).toMatch(/#3 POST \S+, turn 3 → fallback: text/);
			run.child.kill("SIGTERM");
			expect(await run.exited).toEqual({ code: 0, signal: null });
			expect(run.stderr()).toContain("kestrel-wire: stopped.");
		},
	);

	it("answers a scripted HTTP error in the API's format, and 404 on another API's route", async () => {
		const { run, modelsJson } = await serve({
			api: "openai-completions",
			replies: [{ error: { status: 429, message: "Slow down, scripted." } }],
		});
		const { baseUrl } = (modelsJson as { providers: { wire: { baseUrl: string } } }).providers.wire;
		const limited = await fetch(`${baseUrl}/chat/completions`, { method: "POST", body: "{}" });
		expect(limited.status).toBe(429);
		expect(await limited.json()).toMatchObject({ error: { message: "Slow down, scripted." } });
		const wrong = await fetch(`${baseUrl}/messages`, { method: "POST", body: "{}" });
		expect(wrong.status).toBe(404);
		expect((await wrong.json()) as unknown).toMatchObject({
			error: {
				message: expect.stringContaining("answers only POST /v1/chat/completions, not POST /v1/messages"),
			},
		});
		const unmatched = await fetch(`${baseUrl}/chat/completions`, { method: "POST", body: "{}" });
		expect(unmatched.status).toBe(400);
		expect(JSON.stringify(await unmatched.json())).toContain(
			"no reply of the script matches model request 2",
		);
		run.child.kill("SIGINT");
		expect((await run.exited).code).toBe(0);
	});

	it("exits 2 on a bad script, naming the JSON pointer and the fix", async () => {
		const file = join(folder, "bad.json");
		await writeFile(
			file,
			JSON.stringify({ api: "anthropic-messages", replies: [{ when: { turn: "two" }, text: "x" }] }),
		);
		const run = startBin([file]);
		expect((await run.exited).code).toBe(2);
		expect(run.stdout()).toBe("");
		expect(run.stderr()).toContain(`Invalid conversation script ${file}:`);
		expect(run.stderr()).toContain('"/replies/0/when/turn": must be integer');
		expect(run.stderr()).toContain("A script looks like:");
	});

	it("exits 2 on a missing script or bad flags, and 1 on a port in use", async () => {
		const missing = startBin([join(folder, "nope.json")]);
		expect((await missing.exited).code).toBe(2);
		expect(missing.stderr()).toContain("cannot read the script");
		const badPort = startBin(["x.json", "--port", "http"]);
		expect((await badPort.exited).code).toBe(2);
		expect(badPort.stderr()).toContain('--port "http" is not a port');

		const blocker = createServer();
		await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve));
		const address = blocker.address();
		const port = typeof address === "object" && address ? address.port : 0;
		try {
			const file = join(folder, "ok.json");
			await writeFile(file, JSON.stringify({ api: "anthropic-messages", replies: [{ text: "hi" }] }));
			const busy = startBin([file, "--port", String(port)]);
			expect((await busy.exited).code).toBe(1);
			expect(busy.stderr()).toContain(`port ${port} is in use`);
		} finally {
			await new Promise<void>((resolve) => blocker.close(() => resolve()));
		}
	});
});

/** A loopback port that was free a moment ago. */
async function freePort(): Promise<number> {
	const probe = createServer();
	await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
	const address = probe.address();
	await new Promise<void>((resolve) => probe.close(() => resolve()));
	if (typeof address !== "object" || !address) throw new Error("no port");
	return address.port;
}
