import { createServer } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import {
	startWireServer,
	type WireRequestContext,
	type WireServer,
} from "../../src/testing/wire-server/server.js";

let server: WireServer | undefined;
afterEach(async () => {
	await server?.close();
	server = undefined;
});

const post = (url: string, body: unknown) => fetch(url, { method: "POST", body: JSON.stringify(body) });

describe("the wire server's respond function and fixed port", () => {
	it("answers each request from the function, with the request and its index", async () => {
		const seen: WireRequestContext[] = [];
		server = await startWireServer({
			respond: async (context) => {
				seen.push(context);
				return {
					status: 201,
					body: `reply ${context.index} to ${(context.request.body as { q: string }).q}`,
				};
			},
		});
		const first = await post(`${server.url}/a`, { q: "one" });
		const second = await post(`${server.url}/b?x=1`, { q: "two" });
		expect([first.status, await first.text()]).toEqual([201, "reply 0 to one"]);
		expect([second.status, await second.text()]).toEqual([201, "reply 1 to two"]);
		expect(seen.map(({ index, request }) => [index, request.method, request.path])).toEqual([
			[0, "POST", "/a"],
			[1, "POST", "/b?x=1"],
		]);
		expect(seen[1]?.request).toBe(server.requests[1]);
	});

	it("plays queued responses first and asks the function once the queue is empty", async () => {
		let asked = 0;
		server = await startWireServer({ respond: () => ({ body: `function ${++asked}` }) });
		server.enqueue({ body: "queued 1" }, { body: "queued 2" });
		const bodies: string[] = [];
		for (let i = 0; i < 3; i++) bodies.push(await (await post(server.url, {})).text());
		server.enqueue({ body: "queued 3" });
		for (let i = 0; i < 2; i++) bodies.push(await (await post(server.url, {})).text());
		expect(bodies).toEqual(["queued 1", "queued 2", "function 1", "queued 3", "function 2"]);
	});

	it("answers 500 with the function's error when it throws", async () => {
		server = await startWireServer({
			respond: () => {
				throw new Error("no reply for this one");
			},
		});
		const response = await post(server.url, {});
		expect(response.status).toBe(500);
		expect(await response.json()).toEqual({
			error: { message: "wire server: the respond function failed: no reply for this one" },
		});
	});

	it("still answers 500 'no scripted response left' without a function", async () => {
		server = await startWireServer();
		const response = await post(server.url, {});
		expect(response.status).toBe(500);
		expect(JSON.stringify(await response.json())).toContain("no scripted response left");
	});

	it("listens on the port it is given, and rejects a port in use", async () => {
		const port = await freePort();
		server = await startWireServer({ port, host: "127.0.0.1", respond: () => ({ body: "here" }) });
		expect(server.port).toBe(port);
		expect(server.url).toBe(`http://127.0.0.1:${port}`);
		expect(await (await fetch(`http://127.0.0.1:${port}/`)).text()).toBe("here");
		await expect(startWireServer({ port })).rejects.toMatchObject({ code: "EADDRINUSE" });
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
