/**
 * The loopback wire server runs in this child process, not in a worker thread:
 * `process.cpuUsage()` counts every thread of a process, so a server in a worker would
 * add its own CPU to the client's figures.
 */
import {
	encodeAnthropicStream,
	encodeGeminiStream,
	encodeOpenAICompletionsStream,
	encodeOpenAIResponsesStream,
	type ScriptBlock,
	startWireServer,
	type WireScript,
	type WireServer,
} from "@kestrel/ai/testing";
import { type BenchApi, DELTA_SIZE, MODEL_ID, TOOL_NAME } from "./scenario.js";
import type { ResponseSpec, ServerReply, ServerRequest } from "./server-protocol.js";

const bodies = new Map<string, string>();
const servers = new Map<string, WireServer>();

/** Each API's own shape of ids, so that every SDK and client sees a plausible stream. */
const IDS: Record<BenchApi, { response: string; call: string }> = {
	"anthropic-messages": { response: "msg_bench", call: "toolu_bench_1" },
	"openai-completions": { response: "chatcmpl-bench", call: "call_bench_1" },
	"openai-responses": { response: "resp_bench", call: "call_bench_1|fc_bench_1" },
	"google-generative-ai": { response: "bench-response", call: "" },
};

const ENCODERS: Record<BenchApi, (script: WireScript) => string> = {
	"anthropic-messages": encodeAnthropicStream,
	"openai-completions": encodeOpenAICompletionsStream,
	"openai-responses": encodeOpenAIResponsesStream,
	"google-generative-ai": encodeGeminiStream,
};

function bodyFor(spec: ResponseSpec): string {
	const cacheKey = `${spec.api}:${spec.scenario}:${spec.key}`;
	const cached = bodies.get(cacheKey);
	if (cached !== undefined) return cached;
	const ids = IDS[spec.api];
	const block: ScriptBlock =
		spec.scenario === "tool-call"
			? { type: "toolCall", id: ids.call, name: TOOL_NAME, arguments: spec.payload, deltaSize: DELTA_SIZE }
			: { type: "text", text: spec.payload, deltaSize: DELTA_SIZE };
	const script: WireScript = {
		id: ids.response,
		model: MODEL_ID,
		blocks: [block],
		usage: { input: 120, output: Math.ceil(spec.payload.length / 4) },
	};
	const body = ENCODERS[spec.api](script);
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
