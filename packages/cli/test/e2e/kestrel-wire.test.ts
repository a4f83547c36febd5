import { type ChildProcess, spawn } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type CliFixture, createCliFixture } from "./cli-fixture.js";

/** The `kestrel-wire` bin of the @kestrel/ai this package depends on (it runs its built dist). */
const KESTREL_WIRE = join(
	dirname(createRequire(import.meta.url).resolve("@kestrel/ai/package.json")),
	"bin/kestrel-wire.js",
);

let fixture: CliFixture;
let wire: { child: ChildProcess; stdout: string; stderr: string; exited: Promise<number | null> } | undefined;
beforeEach(async () => {
	fixture = await createCliFixture({ modelsFile: false });
});
afterEach(async () => {
	if (wire && wire.child.exitCode === null && wire.child.signalCode === null) {
		wire.child.kill("SIGKILL");
		await wire.exited;
	}
	wire = undefined;
	await fixture.close();
});

/** Starts kestrel-wire on `script`; resolves with the models.json it prints once it listens. */
async function startKestrelWire(script: unknown): Promise<string> {
	const file = join(fixture.home, "script.json");
	await writeFile(file, JSON.stringify(script, null, 2));
	const child = spawn(process.execPath, [KESTREL_WIRE, file], { stdio: ["ignore", "pipe", "pipe"] });
	const started = {
		child,
		stdout: "",
		stderr: "",
		exited: new Promise<number | null>((resolve) => child.on("close", (code) => resolve(code))),
	};
	wire = started;
	child.stderr.on("data", (chunk: Buffer) => {
		started.stderr += chunk.toString("utf8");
	});
	await new Promise<void>((resolve, reject) => {
		child.stdout.on("data", (chunk: Buffer) => {
			started.stdout += chunk.toString("utf8");
			if (started.stdout.includes("kestrel --model")) resolve();
		});
		void started.exited.then((code) => reject(new Error(`kestrel-wire exited ${code}: ${started.stderr}`)));
	});
	return started.stdout.slice(0, started.stdout.indexOf("\n\n"));
}

describe("kestrel against kestrel-wire", () => {
	it("runs the scripted tool call and prints the scripted answer, with the printed models.json", async () => {
		const modelsJson = await startKestrelWire({
			api: "anthropic-messages",
			model: "scripted",
			replies: [
				{
					when: { userMatches: "tide notes" },
					toolCalls: [{ name: "write", arguments: { path: "notes.txt", content: "tide at 6\n" } }],
				},
				{ when: { toolResultMatches: "notes\\.txt" }, text: "Wrote notes.txt for you." },
			],
			fallback: { text: "The script had nothing for this request." },
		});
		await writeFile(join(fixture.kestrelHome, "models.json"), modelsJson);
		expect(wire?.stdout).toContain("kestrel --model wire/scripted");

		const result = await fixture.run([
			"--model",
			"wire/scripted",
			"--approve",
			"all",
			"-p",
			"Write the tide notes",
		]);
		expect(result.stderr).toBe("");
		expect(result.code).toBe(0);
		expect(result.stdout).toBe("Wrote notes.txt for you.\n");
		expect(await readFile(join(fixture.cwd, "notes.txt"), "utf8")).toBe("tide at 6\n");
		expect(wire?.stderr).toMatch(/#1 POST \/v1\/messages, turn 1 → replies\[0\]: 1 tool call \(write\)/);
		expect(wire?.stderr).toMatch(/#2 POST \/v1\/messages, turn 2 → replies\[1\]: text/);

		wire?.child.kill("SIGINT");
		expect(await wire?.exited).toBe(0);
	});
});
