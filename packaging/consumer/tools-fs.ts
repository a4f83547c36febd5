// @kestrel/tools-fs: the file tools on disk, on the in-memory file system of
// @kestrel/tools-fs/testing, and as the `fs` tool pack with the effects each tool declares.
import assert from "node:assert/strict";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type AgentToolResult, callEffect } from "@kestrel/agent-core";
import { createFsTools, fsToolPack } from "@kestrel/tools-fs";
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

	// The pack: its tools and what each declares it does, as a permission policy reads it.
	const pack = fsToolPack(root);
	assert.equal(pack.name, "fs");
	assert.deepEqual(Object.fromEntries(pack.tools().map((tool) => [tool.name, tool.effects?.kind])), {
		read: "read",
		write: "write",
		edit: "write",
		ls: "read",
		find: "read",
		grep: "read",
	});
	const edit = pack.tools().find((tool) => tool.name === "edit");
	const effect = callEffect(edit?.effects, { path: "notes.txt", edits: [{ oldText: "7", newText: "8" }] });
	assert.ok(effect.kind === "write", `edit is a write, not ${effect.kind}`);
	assert.equal(effect.change.path, "notes.txt");
	assert.equal(effect.change.after("tide at 7\n"), "tide at 8\n");
	const ls = pack.tools().find((tool) => tool.name === "ls");
	assert.ok(ls);
	assert.equal(textOf(await ls.execute("call-7", {}, signal, onUpdate)), "notes.txt");
	console.log("tools-fs: ok");
} finally {
	await rm(root, { recursive: true, force: true });
}
