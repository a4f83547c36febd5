// @kestrel/tools-mcp: the pack starts the app's own stdio MCP server (tools-mcp-server.mjs,
// on the SDK), offers its tool as mcp__demo__tide with the effects its annotations
// declare, calls it, and stops the server on close.
import assert from "node:assert/strict";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type AgentToolResult, callEffect } from "@kestrel/agent-core";
import { mcpToolPack, toolPack } from "@kestrel/tools-mcp";

const serverFile = fileURLToPath(new URL("./tools-mcp-server.mjs", import.meta.url));
const signal = new AbortController().signal;

function textOf(result: AgentToolResult<unknown>): string {
	return result.content.map((block) => (block.type === "text" ? block.text : "")).join("");
}

const logDir = await mkdtemp(join(tmpdir(), "kestrel-consumer-mcp-"));
const warnings: string[] = [];
const pack = mcpToolPack({
	servers: { demo: { command: process.execPath, args: [serverFile] } },
	logDir,
	warn: (message) => warnings.push(message),
});
try {
	assert.equal(pack.name, "mcp");
	await pack.start?.(signal);
	assert.deepEqual(warnings, [], "the server did not start");
	assert.equal(pack.status?.().state, "ready");

	const tools = pack.tools();
	assert.deepEqual(
		tools.map((tool) => tool.name),
		["mcp__demo__tide"],
	);
	const [tide] = tools;
	assert.ok(tide);
	assert.equal(tide.effects?.kind, "read");
	assert.deepEqual(callEffect(tide.effects, { harbour: "Brest" }), { kind: "read", openWorld: false });
	assert.match(pack.guidelines?.(tools).join("\n") ?? "", /Times are local to each harbour\./);

	const result = await tide.execute("call-1", { harbour: "Brest" }, signal, () => {});
	assert.equal(textOf(result), "Brest: high tide at 06:10");
	assert.match(await readFile(join(logDir, "mcp-demo.log"), "utf8"), /tides server started/);
} finally {
	await pack.close?.();
	await rm(logDir, { recursive: true, force: true });
}
assert.deepEqual(pack.tools(), []);
// The module a composition root loads by package name: it owns the `mcpServers` key.
assert.equal(toolPack.name, "mcp");
assert.ok(toolPack.settings?.properties.mcpServers);
console.log("tools-mcp: ok");
