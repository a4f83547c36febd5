// @kestrel/tools-shell: the bash tool runs a command in its root and reports the output.
import assert from "node:assert/strict";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { bashToolGuidelines, createBashTool } from "@kestrel/tools-shell";

const root = await mkdtemp(join(tmpdir(), "kestrel-consumer-shell-"));
try {
	const bash = createBashTool(root);
	const command = 'printf \'in %s\\n\' "$(basename "$PWD")"';
	const result = await bash.execute("call-1", { command }, new AbortController().signal, () => {});
	const text = result.content.map((block) => (block.type === "text" ? block.text : "")).join("");
	assert.match(text, new RegExp(`in ${root.split("/").at(-1)}`));
	assert.ok(bashToolGuidelines.length > 0);
	console.log("tools-shell: ok");
} finally {
	await rm(root, { recursive: true, force: true });
}
