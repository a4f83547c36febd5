// @kestrel/ai in an app that installed only @anthropic-ai/sdk: a request streamed through
// the real Anthropic SDK to the loopback wire server, and the SDK that is not installed
// (openai) reported as an error event that names the package.
import assert from "node:assert/strict";
import { type Context, getModel, ProviderRegistry, registerBuiltInProviders } from "@kestrel/ai";
import { encodeAnthropicStream, startWireServer } from "@kestrel/ai/testing";

const registry = new ProviderRegistry();
registerBuiltInProviders(registry);
const server = await startWireServer();
try {
	server.enqueue({
		body: encodeAnthropicStream({
			blocks: [{ type: "text", text: "Hello from the wire.", deltaSize: 4 }],
			usage: { input: 12, output: 5 },
		}),
	});
	const claude = getModel("anthropic", "claude-sonnet-5-5");
	claude.baseUrl = server.url;
	const context: Context = { messages: [{ role: "user", content: "Say hello.", timestamp: Date.now() }] };

	const deltas: string[] = [];
	const replyStream = registry.stream(claude, context, { apiKey: "sk-consumer-test" });
	for await (const event of replyStream) if (event.type === "text_delta") deltas.push(event.delta);
	const reply = await replyStream.result();
	assert.equal(reply.stopReason, "stop", reply.errorMessage);
	assert.equal(deltas.join(""), "Hello from the wire.");
	assert.equal(reply.usage.input, 12);
	assert.equal(server.requests[0]?.path, "/v1/messages");

	const gpt = getModel("openai", "gpt-5.5");
	gpt.baseUrl = `${server.url}/v1`;
	const missing = await registry.complete(gpt, context, { apiKey: "sk-consumer-test" });
	assert.equal(missing.stopReason, "error");
	assert.match(missing.errorMessage ?? "", /npm install openai/);
	assert.equal(server.requests.length, 1);
	console.log("ai-anthropic: ok");
} finally {
	await server.close();
}
