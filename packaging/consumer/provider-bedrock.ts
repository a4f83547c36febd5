// @kestrel/provider-bedrock in an app that installed only it and @kestrel/ai: the module
// registered, a catalogue model found by id, and a request streamed through the real AWS
// SDK (signed with the static access keys of the environment, for the region of
// AWS_REGION) to the loopback wire server, which answers in Bedrock's binary event stream.
// Run with AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY and AWS_REGION set (made-up values).
import assert from "node:assert/strict";
import { type Context, findModel, type Model, registerWireApi, stream } from "@kestrel/ai";
import { startWireServer } from "@kestrel/ai/testing";
import { type BedrockConverseStreamCompat, bedrockConverseStream } from "@kestrel/provider-bedrock";
import { encodeBedrockStream } from "@kestrel/provider-bedrock/testing";

// The package adds its flags to @kestrel/ai's compat map: they are typed on every Model.
const flags: BedrockConverseStreamCompat = { cachePoints: "none", toolResultStatus: false };
const typed: Model["compat"] = { "bedrock-converse-stream": flags };
const invalid: Model["compat"] = {
	// @ts-expect-error: "adaptive" is not one of the thinking modes of bedrock-converse-stream.
	"bedrock-converse-stream": { thinking: "adaptive" },
};
assert.ok(typed && invalid);

const { AWS_ACCESS_KEY_ID: keyId, AWS_SECRET_ACCESS_KEY: secret, AWS_REGION: region } = process.env;
assert.ok(keyId && secret && region, "set AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY and AWS_REGION");

registerWireApi(bedrockConverseStream);
const modelId = "global.anthropic.claude-sonnet-4-6";
const model = findModel("amazon-bedrock", modelId);
assert.ok(model, `the Bedrock catalogue has ${modelId}`);
assert.equal(model.api, "bedrock-converse-stream");

const server = await startWireServer();
try {
	server.enqueue(
		encodeBedrockStream({
			blocks: [{ type: "text", text: "Hello from Bedrock.", deltaSize: 5 }],
			usage: { input: 12, output: 5 },
		}),
	);
	model.baseUrl = server.url;
	model.compat = { "bedrock-converse-stream": { cachePoints: "none" } };
	const context: Context = { messages: [{ role: "user", content: "Say hello.", timestamp: Date.now() }] };

	const deltas: string[] = [];
	const replyStream = stream(model, context);
	for await (const event of replyStream) if (event.type === "text_delta") deltas.push(event.delta);
	const reply = await replyStream.result();
	assert.equal(reply.stopReason, "stop", reply.errorMessage);
	assert.equal(deltas.length > 1, true, "the text arrives in several deltas");
	assert.equal(deltas.join(""), "Hello from Bedrock.");
	assert.deepEqual(reply.content, [{ type: "text", text: "Hello from Bedrock." }]);
	assert.equal(reply.usage.input, 12);
	assert.equal(reply.usage.output, 5);

	assert.equal(server.requests.length, 1);
	const request = server.requests[0];
	assert.equal(request?.method, "POST");
	assert.equal(request?.path, `/model/${modelId}/converse-stream`);
	const authorization = String(request?.headers.authorization);
	assert.match(
		authorization,
		new RegExp(`^AWS4-HMAC-SHA256 Credential=${keyId}/\\d{8}/${region}/bedrock/aws4_request,`),
	);
	assert.match(JSON.stringify(request?.body), /"text":"Say hello\."/);
	console.log("provider-bedrock: ok");
} finally {
	await server.close();
}
