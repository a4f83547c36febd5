import { startWireServer, type WireServer } from "@kestrel/ai/testing";
import { afterEach, describe, expect, it } from "vitest";
import {
	localServersFromEnv,
	localServerTimeoutFromEnv,
	probeLocalServers,
} from "../../src/models/local-servers.js";

let server: WireServer | undefined;
afterEach(async () => {
	await server?.close();
	server = undefined;
});

const modelList = (id: string, headersDelayMs = 0) => ({
	headers: { "content-type": "application/json" },
	body: JSON.stringify({ data: [{ id }] }),
	headersDelayMs,
});

describe("local model servers", () => {
	it("takes the ports and the probe timeout from the environment", () => {
		expect(localServersFromEnv({ KESTREL_LOCAL_SERVER_PORTS: "8080, 9999,x" })).toEqual([
			{ provider: "llama.cpp", port: 8080 },
			{ provider: "local", port: 9999 },
		]);
		expect(localServersFromEnv({ KESTREL_LOCAL_SERVER_PORTS: "" })).toEqual([]);
		expect(localServersFromEnv({}).map((entry) => entry.port)).toEqual([11434, 8080, 1234]);
		expect(localServerTimeoutFromEnv({})).toBe(300);
		expect(localServerTimeoutFromEnv({ KESTREL_LOCAL_SERVER_TIMEOUT_MS: "2500" })).toBe(2500);
		expect(localServerTimeoutFromEnv({ KESTREL_LOCAL_SERVER_TIMEOUT_MS: "soon" })).toBe(300);
	});

	it("uses a server that answers within the timeout and passes over one that answers later", async () => {
		server = await startWireServer();
		const port = Number(new URL(server.url).port);
		server.enqueue(modelList("slow-model", 1_000));
		expect(await probeLocalServers([{ provider: "local", port }], 100)).toBeUndefined();
		server.enqueue(modelList("patient-model", 200));
		const model = await probeLocalServers([{ provider: "local", port }], 10_000);
		expect(model).toMatchObject({ id: "patient-model", baseUrl: `http://127.0.0.1:${port}/v1` });
	});
});
