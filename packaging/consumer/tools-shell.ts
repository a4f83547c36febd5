// @kestrel/tools-shell: the bash tool runs a command in its root and reports the output;
// as the `shell` pack in agent-core's ToolPackSet it gives its guidelines, and the pack
// module keeps the variables a composition root names as secret from commands.
import assert from "node:assert/strict";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type AgentToolResult, ToolPackSet } from "@kestrel/agent-core";
import { bashToolGuidelines, createBashTool, shellToolPack, toolPack } from "@kestrel/tools-shell";

const signal = new AbortController().signal;
const textOf = (result: AgentToolResult<unknown>) =>
	result.content.map((block) => (block.type === "text" ? block.text : "")).join("");

const root = await mkdtemp(join(tmpdir(), "kestrel-consumer-shell-"));
try {
	const bash = createBashTool(root);
	const command = 'printf \'in %s\\n\' "$(basename "$PWD")"';
	const result = await bash.execute("call-1", { command }, signal, () => {});
	assert.match(textOf(result), new RegExp(`in ${root.split("/").at(-1)}`));
	assert.ok(bashToolGuidelines.length > 0);

	const packs = new ToolPackSet([shellToolPack(root)]);
	assert.deepEqual(await packs.start(), []);
	const tools = packs.tools().map(({ tool }) => tool);
	assert.deepEqual(
		packs.tools().map(({ pack, tool }) => [pack.name, tool.name, tool.effects?.kind]),
		[["shell", "bash", "execute"]],
	);
	assert.deepEqual(packs.guidelines(tools), [bashToolGuidelines]);
	assert.deepEqual(packs.guidelines([]), []);
	await packs.close();

	// The module, as a composition root builds it: the secret variable never reaches a command.
	process.env.KESTREL_CONSUMER_SECRET = "do-not-show";
	const fromModule = toolPack.create({
		cwd: root,
		settings: {},
		secretVariables: ["KESTREL_CONSUMER_SECRET"],
		logDir: join(root, "logs"),
		warn: (message) => assert.fail(message),
	});
	const [moduleBash] = fromModule.tools();
	assert.ok(moduleBash);
	const printed = textOf(
		await moduleBash.execute(
			"call-2",
			{ command: "printenv KESTREL_CONSUMER_SECRET || echo unset; printenv HOME" },
			signal,
			() => {},
		),
	);
	// The secret is gone; the rest of the environment (HOME) is not.
	assert.deepEqual(printed.trim().split("\n"), ["unset", process.env.HOME], printed);
	console.log("tools-shell: ok");
} finally {
	await rm(root, { recursive: true, force: true });
}
