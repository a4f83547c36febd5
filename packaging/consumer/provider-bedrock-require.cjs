// require() of @kestrel/provider-bedrock from CommonJS, in the app that installed only it
// and @kestrel/ai: its entries load synchronously, and the module registers.
const assert = require("node:assert/strict");
const { findModel, registerWireApi } = require("@kestrel/ai");
const { bedrockConverseStream } = require("@kestrel/provider-bedrock");
const { encodeBedrockStream } = require("@kestrel/provider-bedrock/testing");

assert.equal(
	typeof encodeBedrockStream,
	"function",
	'require("@kestrel/provider-bedrock/testing").encodeBedrockStream',
);
registerWireApi(bedrockConverseStream);
assert.equal(findModel("amazon-bedrock", "amazon.nova-pro-v1:0")?.api, "bedrock-converse-stream");
console.log("require: ok");
