import { access, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startRpc } from "../rpc/rpc-process.js";
import { type CliFixture, createCliFixture } from "./cli-fixture.js";

let fixture: CliFixture;
beforeEach(async () => {
	// No models.json: nothing but --demo gives this machine a model.
	fixture = await createCliFixture({ modelsFile: false });
});
afterEach(async () => {
	await fixture.close();
});

const exists = (path: string) =>
	access(path).then(
		() => true,
		() => false,
	);

interface SessionLine {
	type: string;
	message?: {
		role: string;
		provider?: string;
		model?: string;
		content: { type: string; name?: string; arguments?: Record<string, unknown> }[] | string;
	};
}

/** The session file's lines, parsed. */
async function sessionLines(): Promise<SessionLine[]> {
	const [path] = await fixture.sessionFiles();
	if (!path) throw new Error("no session file was written");
	return (await readFile(path, "utf8"))
		.trim()
		.split("\n")
		.map((line) => JSON.parse(line) as SessionLine);
}

/** The tool calls the session's assistant messages made, as `name path-or-command`. */
function toolCalls(lines: readonly SessionLine[]): string[] {
	return lines.flatMap((line) =>
		line.type === "message" && line.message?.role === "assistant" && Array.isArray(line.message.content)
			? line.message.content.flatMap((block) =>
					block.type === "toolCall" ? [`${block.name} ${String(block.arguments?.path ?? "")}`.trim()] : [],
				)
			: [],
	);
}

async function writeProject(): Promise<void> {
	await writeFile(join(fixture.cwd, "README.md"), "# Tide tables\n\nHigh and low water for the harbour.\n");
	await writeFile(join(fixture.cwd, "tides.csv"), "time,height\n06:10,4.2\n");
}

describe("kestrel --demo", () => {
	it("print mode: tours the folder, reads its README, and under the default approval creates nothing", async () => {
		await writeProject();
		const result = await fixture.run(["--demo", "-p", "hi"]);
		expect(result.code).toBe(0);
		expect(result.stdout).toContain("`read` showed the top of `README.md`");
		expect(result.stdout).toContain("scripted demo");
		expect(result.stdout).toContain(
			"`write` asked to create `KESTREL_DEMO.md` and was refused, so nothing was written — the write call was not approved",
		);
		expect(result.stderr).toContain("kestrel: refused the write call to KESTREL_DEMO.md");
		expect(await exists(join(fixture.cwd, "KESTREL_DEMO.md"))).toBe(false);

		const lines = await sessionLines();
		expect(toolCalls(lines)).toEqual(["ls", "read README.md", "write KESTREL_DEMO.md", "bash"]);
		const assistant = lines.find((line) => line.message?.role === "assistant")?.message;
		expect(assistant).toMatchObject({ provider: "kestrel", model: "scripted-demo" });
		const results = lines.filter((line) => line.message?.role === "toolResult");
		expect(JSON.stringify(results[1])).toContain("High and low water for the harbour.");

		// A further prompt in the same session gets a short scripted answer and no tools.
		const again = await fixture.run(["--demo", "-c", "-p", "how do I use a real model?"]);
		expect(again.code).toBe(0);
		expect(again.stdout).toContain("/model");
		expect(again.stdout).toContain("/help");
		expect(toolCalls(await sessionLines())).toHaveLength(4);
	});

	it("creates its new file, and no other, when --approve edits allows it", async () => {
		await writeProject();
		await writeFile(join(fixture.cwd, "KESTREL_DEMO.md"), "mine\n");
		const result = await fixture.run(["--demo", "--approve", "edits", "-p", "hi"]);
		expect(result.code).toBe(0);
		expect(result.stdout).toContain("`write` created `KESTREL_DEMO-2.md`");
		// The user's file of the same name is left alone; the demo picked a free name.
		expect(await readFile(join(fixture.cwd, "KESTREL_DEMO.md"), "utf8")).toBe("mine\n");
		const created = await readFile(join(fixture.cwd, "KESTREL_DEMO-2.md"), "utf8");
		expect(created).toContain("kestrel --demo");
		expect(created).toContain("read `README.md`");
		// Commands still need --approve all.
		expect(result.stderr).toContain("kestrel: refused the bash call");
	});

	it("JSON mode emits the tour's tool events; --tools and an empty folder change the tour", async () => {
		const result = await fixture.run(["--demo", "--tools", "ls,read", "--mode", "json", "hi"]);
		expect(result.code).toBe(0);
		const events = result.stdout
			.trim()
			.split("\n")
			.map((line) => JSON.parse(line) as { type: string; toolName?: string });
		expect(events[0]?.type).toBe("session");
		// The folder is empty: ls runs, there is nothing to read, and write and bash are turned off.
		expect(
			events.filter((event) => event.type === "tool_execution_start").map((event) => event.toolName),
		).toEqual(["ls"]);
		expect(events.filter((event) => event.type === "tool_execution_end")).toHaveLength(1);
		const final = JSON.stringify(events.filter((event) => event.type === "message_end").at(-1));
		expect(final).toContain("no small text file");
		expect(final).toContain("turned off (`--tools`): `write`, `bash`");
	});

	it("RPC mode: asks the client before the write and the command, and takes a denial", async () => {
		await writeProject();
		const rpc = startRpc(fixture, ["--demo"]);
		const ready = await rpc.waitFor((line) => line.type === "ready");
		expect(ready).toMatchObject({ model: { provider: "kestrel", id: "scripted-demo" }, approve: "ask" });
		expect((await rpc.request({ type: "prompt", message: "show me" })).success).toBe(true);

		const write = await rpc.waitFor((line) => line.type === "approval_request");
		expect(write).toMatchObject({ toolName: "write", args: { path: "KESTREL_DEMO.md" } });
		await rpc.request({
			type: "approval_response",
			requestId: write.requestId,
			decision: "deny",
			reason: "not today",
		});
		const bash = await rpc.waitFor(
			(line) => line.type === "approval_request" && line.requestId !== write.requestId,
		);
		expect(bash).toMatchObject({ toolName: "bash" });
		await rpc.request({ type: "approval_response", requestId: bash.requestId, decision: "allow" });

		const end = await rpc.waitForEvent("agent_end");
		expect(end).toMatchObject({ outcome: { kind: "completed" }, stats: { toolCalls: 4 } });
		const text = JSON.stringify(rpc.lines);
		expect(text).toContain("The user denied this write call: not today");
		expect(text).toContain("Hello from the Kestrel demo");
		expect(await exists(join(fixture.cwd, "KESTREL_DEMO.md"))).toBe(false);
		expect((await rpc.end()).code).toBe(0);
	});

	it("its session exports to HTML", async () => {
		await writeProject();
		expect((await fixture.run(["--demo", "-p", "hi"])).code).toBe(0);
		const [session] = await fixture.sessionFiles();
		const exported = await fixture.run(["--export", session as string, "demo.html"]);
		expect(exported.code).toBe(0);
		const html = await readFile(join(fixture.cwd, "demo.html"), "utf8");
		expect(html).toContain("scripted demo");
		expect(html).toContain("KESTREL_DEMO.md");
		expect(html).toContain("High and low water for the harbour.");
	});

	it("is what the no-model message offers, and does not go with --model", async () => {
		const none = await fixture.run(["-p", "hi"]);
		expect(none.code).toBe(1);
		expect(none.stderr).toContain("kestrel --demo");

		const both = await fixture.run(["--demo", "--model", "wire/claude-wire", "-p", "hi"]);
		expect(both.code).toBe(2);
		expect(both.stderr).toContain("--demo runs the built-in scripted model, so --model cannot go with it");
	});
});
