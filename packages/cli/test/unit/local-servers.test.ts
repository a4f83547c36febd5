import { startWireServer, type WireServer } from "@kestrel/ai/testing";
import { afterEach, describe, expect, it } from "vitest";
import {
	localServersFromEnv,
	localServerTimeoutFromEnv,
	probeLocalServers,
} from "../../src/models/local-servers.js";

const servers: WireServer[] = [];
afterEach(async () => {
	for (const server of servers.splice(0)) await server.close();
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
		// Two servers, so that a probe given up on before it reached its server cannot take the other's answer.
		const slow = await startWireServer();
		servers.push(slow);
		slow.enqueue(modelList("slow-model", 1_000));
		const patient = await startWireServer();
		servers.push(patient);
		patient.enqueue(modelList("patient-model", 200));
		const portOf = (wire: WireServer) => Number(new URL(wire.url).port);
		expect(await probeLocalServers([{ provider: "local", port: portOf(slow) }], 100)).toBeUndefined();
		const model = await probeLocalServers([{ provider: "local", port: portOf(patient) }], 10_000);
		expect(model).toMatchObject({ id: "patient-model", baseUrl: `http://127.0.0.1:${portOf(patient)}/v1` });
	});
});
