// @kestrel/tools-fs: the file tools on disk, and on the in-memory file system of
// @kestrel/tools-fs/testing.
import assert from "node:assert/strict";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AgentToolResult } from "@kestrel/agent-core";
import { createFsTools } from "@kestrel/tools-fs";
import { MemoryFileOperations } from "@kestrel/tools-fs/testing";

// What the agent loop passes to `execute`: an abort signal and a progress callback.
const signal = new AbortController().signal;
const onUpdate = () => {};

function textOf(result: AgentToolResult<unknown>): string {
	return result.content.map((block) => (block.type === "text" ? block.text : "")).join("");
}

const root = await mkdtemp(join(tmpdir(), "kestrel-consumer-fs-"));
try {
	const tools = createFsTools(root);
	await tools.write.execute("call-1", { path: "notes.txt", content: "tide at 6\n" }, signal, onUpdate);
	await tools.edit.execute(
		"call-2",
		{ path: "notes.txt", edits: [{ oldText: "6", newText: "7" }] },
		signal,
		onUpdate,
	);
	assert.equal(await readFile(join(root, "notes.txt"), "utf8"), "tide at 7\n");
	assert.match(
		textOf(await tools.read.execute("call-3", { path: "notes.txt" }, signal, onUpdate)),
		/tide at 7/,
	);
	assert.match(
		textOf(await tools.grep.execute("call-4", { pattern: "tide" }, signal, onUpdate)),
		/notes\.txt/,
	);

	const memory = new MemoryFileOperations({ "/work/README.md": "# Work\n" });
	const inMemory = createFsTools("/work", { operations: memory });
	await inMemory.write.execute("call-5", { path: "a.txt", content: "in memory\n" }, signal, onUpdate);
	const listing = textOf(await inMemory.ls.execute("call-6", {}, signal, onUpdate));
	assert.deepEqual(listing.split("\n").sort(), ["README.md", "a.txt"]);
	console.log("tools-fs: ok");
} finally {
	await rm(root, { recursive: true, force: true });
}
