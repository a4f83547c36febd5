// require() of each library from CommonJS: Node 22.12 and later load ES modules
// synchronously, through the `default` condition of each package's exports.
const assert = require("node:assert/strict");

const entries = {
	"@kestrel/ai": ["stream"],
	"@kestrel/ai/testing": ["startWireServer"],
	"@kestrel/agent-core": ["Agent", "ToolPackSet"],
	"@kestrel/harness": ["AgentHarness"],
	"@kestrel/tools-fs": ["createFsTools", "fsToolPack"],
	"@kestrel/tools-fs/testing": ["MemoryFileOperations"],
	"@kestrel/tools-shell": ["createBashTool", "shellToolPack"],
	"@kestrel/session-postgres": ["PostgresSessionBackend"],
};
for (const [specifier, names] of Object.entries(entries)) {
	for (const name of names)
		assert.equal(typeof require(specifier)[name], "function", `require("${specifier}").${name}`);
}
console.log("require: ok");
