// The installed `kestrel` bin (given as the first argument): its version, and a print-mode
// run with a tool call against the loopback wire server, with the Node that runs this file
// first on PATH.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { encodeAnthropicStream, startWireServer } from "@kestrel/ai/testing";

const kestrel = process.argv[2];
assert.ok(kestrel, "usage: node cli.ts <path to node_modules/.bin/kestrel>");
const manifest = join(dirname(kestrel), "..", "@kestrel", "cli", "package.json");
const { version } = JSON.parse(await readFile(manifest, "utf8")) as { version: string };

const home = await mkdtemp(join(tmpdir(), "kestrel-consumer-cli-"));
// No provider keys and no real home: only what this run gives.
const env = {
	PATH: `${dirname(process.execPath)}:${process.env.PATH ?? ""}`,
	HOME: home,
	KESTREL_HOME: join(home, ".kestrel"),
};

function run(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
	const child = spawn(kestrel as string, args, { cwd: home, env, stdio: ["ignore", "pipe", "pipe"] });
	let stdout = "";
	let stderr = "";
	child.stdout.on("data", (chunk: Buffer) => {
		stdout += chunk.toString("utf8");
	});
	child.stderr.on("data", (chunk: Buffer) => {
		stderr += chunk.toString("utf8");
	});
	return new Promise((resolve, reject) => {
		child.on("error", reject);
		child.on("close", (code) => resolve({ code, stdout, stderr }));
	});
}

const server = await startWireServer();
try {
	const shown = await run(["--version"]);
	assert.equal(shown.code, 0, shown.stderr);
	assert.equal(shown.stdout.trim(), version);

	// The model greps the working folder, then answers: the tools run from the bundle too.
	await writeFile(join(home, "notes.txt"), "high tide at 06:10\n");
	server.enqueue(
		{
			body: encodeAnthropicStream({
				blocks: [{ type: "toolCall", id: "toolu_01", name: "grep", arguments: { pattern: "tide" } }],
				usage: { input: 9, output: 3 },
			}),
		},
		{
			body: encodeAnthropicStream({
				blocks: [{ type: "text", text: "Fair winds." }],
				usage: { input: 20, output: 3 },
			}),
		},
	);
	const printed = await run([
		"--model",
		"anthropic/claude-sonnet-5-5",
		"--base-url",
		server.url,
		"--api-key",
		"sk-consumer-test",
		"--no-session",
		"-p",
		"When is high tide?",
	]);
	assert.equal(printed.code, 0, printed.stderr);
	assert.equal(printed.stdout, "Fair winds.\n");
	assert.equal(server.requests.length, 2);
	assert.match(JSON.stringify(server.requests[1]?.body), /notes\.txt:1: ?high tide at 06:10/);
	console.log("cli: ok");
} finally {
	await server.close();
	await rm(home, { recursive: true, force: true });
}
