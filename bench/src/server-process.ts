/**
 * The loopback wire server runs in this child process, not in a worker thread:
 * `process.cpuUsage()` counts every thread of a process, so a server in a worker would
 * add its own CPU to the client's figures.
 */
import {
	encodeAnthropicStream,
	encodeOpenAICompletionsStream,
	startWireServer,
	type WireScript,
	type WireServer,
} from "@kestrel/ai/testing";
import { DELTA_SIZE, MODEL_ID, TOOL_NAME } from "./scenario.js";
import type { ResponseSpec, ServerReply, ServerRequest } from "./server-protocol.js";

const bodies = new Map<string, string>();
const servers = new Map<string, WireServer>();

function bodyFor(spec: ResponseSpec): string {
	const cacheKey = `${spec.api}:${spec.key}`;
	const cached = bodies.get(cacheKey);
	if (cached !== undefined) return cached;
	const anthropic = spec.api === "anthropic-messages";
	const script: WireScript = {
		id: anthropic ? "msg_bench" : "chatcmpl-bench",
		model: MODEL_ID,
		blocks: [
			{
				type: "toolCall",
				id: anthropic ? "toolu_bench_1" : "call_bench_1",
				name: TOOL_NAME,
				arguments: spec.argumentsJson,
				deltaSize: DELTA_SIZE,
			},
		],
		usage: { input: 120, output: Math.ceil(spec.argumentsJson.length / 4) },
	};
	const body: string = anthropic ? encodeAnthropicStream(script) : encodeOpenAICompletionsStream(script);
	bodies.set(cacheKey, body);
	return body;
}

async function handle(request: ServerRequest): Promise<ServerReply> {
	if (request.type === "close") {
		await servers.get(request.url)?.close();
		servers.delete(request.url);
		return { id: request.id, type: "closed" };
	}
	// A fresh server per run: a client that dies before its request cannot leave a
	// response queued for the next run.
	const server = await startWireServer();
	servers.set(server.url, server);
	const wireBytes: number[] = [];
	for (const spec of request.responses) {
		const body = bodyFor(spec);
		wireBytes.push(Buffer.byteLength(body));
		server.enqueue(request.chunkBytes ? { body, chunking: request.chunkBytes } : { body });
	}
	return { id: request.id, type: "served", url: server.url, wireBytes };
}

process.on("message", (request: ServerRequest) => {
	handle(request).then(
		(reply) => process.send?.(reply),
		(error: unknown) =>
			process.send?.({ id: request.id, type: "failed", message: String((error as Error)?.stack ?? error) }),
	);
});

process.on("disconnect", () => {
	void Promise.all([...servers.values()].map((server) => server.close())).finally(() => process.exit(0));
});
