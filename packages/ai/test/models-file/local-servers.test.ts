import { Type } from "typebox";
import { afterEach, describe, expect, it } from "vitest";
import {
	localServers,
	localServersFromEnv,
	localServerTimeoutFromEnv,
	probeLocalServers,
} from "../../src/local-servers/local-servers.js";
import { ProviderRegistry } from "../../src/registry.js";
import { ANTHROPIC_MESSAGES_REPLAY } from "../../src/replay/index.js";
import { createFauxProvider } from "../../src/testing/faux-provider.js";
import { startWireServer, type WireServer } from "../../src/testing/wire-server/server.js";
import { defineWireApi } from "../../src/wire-api/wire-api.js";

const servers: WireServer[] = [];
afterEach(async () => {
	for (const server of servers.splice(0)) await server.close();
});

const modelList = (id: string) => ({
	headers: { "content-type": "application/json" },
	body: JSON.stringify({ data: [{ id }] }),
});

async function wireServer(): Promise<{ wire: WireServer; port: number }> {
	const wire = await startWireServer();
	servers.push(wire);
	return { wire, port: Number(new URL(wire.url).port) };
}

describe("local model servers", () => {
	it("are the local providers the wire API modules declare, a registered module's included", () => {
		const registry = new ProviderRegistry();
		expect(localServers(registry).map(({ provider, port }) => `${provider}:${port}`)).toEqual([
			"ollama:11434",
			"llama.cpp:8080",
			"vllm:8000",
			"lmstudio:1234",
		]);
		// A provider package that overrides openai-completions with one more local server.
		const base = createFauxProvider({ api: "openai-completions" }).provider;
		registry.registerWireApi(
			defineWireApi({
				api: "openai-completions",
				title: "Completions with a box",
				compat: Type.Object({ boxed: Type.Optional(Type.Boolean()) }),
				auth: { kind: "none" },
				providers: { box: { name: "Box", baseUrl: "http://127.0.0.1:4321/api", local: true } },
				replayRules: () => ANTHROPIC_MESSAGES_REPLAY,
				createProvider: () => base,
			}),
		);
		expect(localServers(registry)).toContainEqual({ provider: "box", port: 4321, name: "Box", path: "/api" });
	});

	it("takes the ports and the probe timeout from the environment", () => {
		const registry = new ProviderRegistry();
		expect(
			localServersFromEnv({ KESTREL_LOCAL_SERVER_PORTS: "8080, 9999,x" }, registry).map(
				({ provider, port }) => ({
					provider,
					port,
				}),
			),
		).toEqual([
			{ provider: "llama.cpp", port: 8080 },
			{ provider: "local", port: 9999 },
		]);
		expect(localServersFromEnv({ KESTREL_LOCAL_SERVER_PORTS: "" }, registry)).toEqual([]);
		expect(localServersFromEnv({}, registry).map((entry) => entry.port)).toEqual([11434, 8080, 8000, 1234]);
		expect(localServerTimeoutFromEnv({})).toBe(300);
		expect(localServerTimeoutFromEnv({ KESTREL_LOCAL_SERVER_TIMEOUT_MS: "2500" })).toBe(2500);
		expect(localServerTimeoutFromEnv({ KESTREL_LOCAL_SERVER_TIMEOUT_MS: "soon" })).toBe(300);
	});

	it("uses the first server in order of preference that lists a model, as a model of its provider", async () => {
		const first = await wireServer();
		first.wire.enqueue({ status: 404, body: "not a model server" });
		const second = await wireServer();
		second.wire.enqueue(modelList("qwen3:8b"));
		const third = await wireServer();
		third.wire.enqueue(modelList("other"));
		const model = await probeLocalServers(
			[
				{ provider: "local", port: first.port, name: "a" },
				{ provider: "ollama", port: second.port, name: "Ollama" },
				{ provider: "local", port: third.port, name: "c" },
			],
			60_000,
		);
		expect(model).toMatchObject({
			provider: "ollama",
			id: "qwen3:8b",
			api: "openai-completions",
			baseUrl: `http://127.0.0.1:${second.port}/v1`,
		});
		expect(second.wire.requests[0]).toMatchObject({ method: "GET", path: "/v1/models" });
	});

	it("passes over a server that does not answer within the timeout", async () => {
		// The answer is held until the test releases it, long after the probe gave up.
		const silent = await wireServer();
		let release: () => void = () => {};
		const held = new Promise<void>((resolve) => {
			release = resolve;
		});
		silent.wire.enqueue({ ...modelList("late"), headersUntil: held });
		expect(
			await probeLocalServers([{ provider: "local", port: silent.port, name: "silent" }], 50),
		).toBeUndefined();
		release();
	});
});
