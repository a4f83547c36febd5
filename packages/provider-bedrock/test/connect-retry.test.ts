import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Model } from "@kestrel/ai";
import { afterEach, describe, expect, it } from "vitest";
import { encodeBedrockStream } from "../src/testing/index.js";
import { collect } from "./fixtures.js";

const servers: Server[] = [];
afterEach(async () => {
	for (const server of servers.splice(0)) {
		server.closeAllConnections();
		await new Promise<void>((resolve) => server.close(() => resolve()));
	}
});

/**
 * A loopback server whose first `drops` requests lose their socket before any byte of a
 * response (as a stale keep-alive connection does); later ones get a streamed answer.
 */
async function startDroppingServer(drops: number): Promise<{ url: string; requests: () => number }> {
	let requests = 0;
	const answer = encodeBedrockStream({ blocks: [{ type: "text", text: "Hello again." }] });
	const server = createServer((request, response) => {
		request.resume();
		request.on("end", () => {
			requests += 1;
			if (requests <= drops) {
				request.socket.destroy();
				return;
			}
			response.writeHead(answer.status ?? 200, answer.headers);
			response.end(answer.body);
		});
	});
	servers.push(server);
	await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
	return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests: () => requests };
}

function model(url: string): Model {
	return {
		id: "amazon.nova-micro-v1:0",
		name: "Nova Micro (test)",
		api: "bedrock-converse-stream",
		provider: "amazon-bedrock",
		baseUrl: url,
		reasoning: false,
		input: ["text"],
		cost: { input: 0.035, output: 0.14, cacheRead: 0, cacheWrite: 0 },
		contextWindow: 128_000,
		maxTokens: 10_000,
	};
}

describe("a connection lost before the response", () => {
	it("is sent again by the stream layer, and the consumer sees one answer", async () => {
		const server = await startDroppingServer(1);
		const { events, message } = await collect(model(server.url));
		expect(server.requests()).toBe(2);
		expect(message.stopReason).toBe("stop");
		expect(message.content).toEqual([{ type: "text", text: "Hello again." }]);
		expect(events.filter((event) => event.type === "start")).toHaveLength(1);
	});

	it("is sent again only connectRetries times, then reported as network", async () => {
		const server = await startDroppingServer(5);
		const { message } = await collect(model(server.url), undefined, { connectRetries: 1 });
		expect(server.requests()).toBe(2);
		expect(message.error?.kind).toBe("network");
	});
});
