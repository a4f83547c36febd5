// require() of @kestrel/tools-mcp from CommonJS, in the app that installed only it and
// @kestrel/agent-core: the pack and its module load synchronously, the SDK with them.
const assert = require("node:assert/strict");
const { ToolPackSet } = require("@kestrel/agent-core");
const { mcpToolPack, toolPack } = require("@kestrel/tools-mcp");

assert.equal(toolPack.name, "mcp");
const packs = new ToolPackSet([mcpToolPack({ servers: {} })]);
assert.deepEqual(
	packs.packs.map((pack) => pack.name),
	["mcp"],
);
console.log("require: ok");
