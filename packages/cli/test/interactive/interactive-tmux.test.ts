import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { anthropicErrorResponse, encodeAnthropicStream } from "@kestrel/ai/testing";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type CliFixture, createCliFixture, WIRE_MODEL } from "../e2e/cli-fixture.js";
import { waitUntilTyping } from "./kestrel-in-tmux.js";
import { TmuxSession } from "./tmux-driver.js";

const MAIN = fileURLToPath(new URL("../../bin/kestrel.js", import.meta.url));

let fixture: CliFixture;
let tmux: TmuxSession | undefined;

beforeEach(async () => {
	fixture = await createCliFixture();
	// A second model of the wire provider, for /model.
	const modelsFile = JSON.parse(await readFile(join(fixture.kestrelHome, "models.json"), "utf8"));
	modelsFile.providers.wire.models.push({ id: "claude-wire-two", contextWindow: 100_000, maxTokens: 4_096 });
	await writeFile(join(fixture.kestrelHome, "models.json"), JSON.stringify(modelsFile, null, 2));
});

afterEach(async () => {
	await tmux?.kill();
	tmux = undefined;
	await fixture.close();
});

const reply = (blocks: Parameters<typeof encodeAnthropicStream>[0]["blocks"]) =>
	encodeAnthropicStream({ blocks, usage: { input: 120, output: 30 } });

function requestText(index: number): string {
	return JSON.stringify(fixture.server.requests[index]?.body ?? null);
}

describe("interactive mode in a real terminal (tmux)", () => {
	it("streams, asks for a write, switches the model, takes steering, and quits on Ctrl+C twice", async () => {
		fixture.server.enqueue(
			{
				body: reply([
					{ type: "text", text: "I will write the **tide notes** now.", deltaSize: 6 },
					{
						type: "toolCall",
						id: "toolu_01",
						name: "write",
						arguments: { path: "notes.txt", content: "tide at 6\n" },
					},
				]),
				chunking: 64,
				chunkDelayMs: 20,
			},
			{ body: reply([{ type: "text", text: "Wrote notes.txt with the tide time." }]) },
		);
		tmux = await TmuxSession.start({
			cwd: fixture.cwd,
			env: { ...fixture.env, TERM: "xterm-256color", LANG: "C.UTF-8" },
			command: [process.execPath, MAIN, "--approve", "ask", "--model", WIRE_MODEL],
		});
		await tmux.waitFor("wire/claude-wire · thinking");
		await waitUntilTyping(tmux);

		// A prompt, streamed markdown, then the permission prompt for the write call.
		await tmux.type("Write the tide notes");
		await tmux.press("Enter");
		await tmux.waitFor("Allow write?");
		const asking = await tmux.capture();
		expect(asking).toContain("I will write the tide notes now.");
		expect(asking).toContain("+tide at 6");
		await tmux.type("y");
		await tmux.waitFor("Wrote notes.txt with the tide time.");
		const afterTool = await tmux.capture();
		expect(afterTool).toContain("● write notes.txt");
		expect(await readFile(join(fixture.cwd, "notes.txt"), "utf8")).toBe("tide at 6\n");
		await tmux.waitFor("· ready");

		// /model opens a picker; typing filters it; Enter switches.
		await tmux.type("/model");
		await tmux.press("Enter");
		await tmux.waitFor("Switch model");
		await tmux.type("claude-wire-two");
		await tmux.waitFor("❯ wire/claude-wire-two");
		await tmux.press("Enter");
		await tmux.waitFor("Model: wire/claude-wire-two");
		await tmux.waitFor("wire/claude-wire-two · thinking");

		// A slow answer: steer while it streams. It stops halfway until the steering shows,
		// so that it cannot end first on a loaded machine.
		const slowText = `Counting the tides: ${"one tide, ".repeat(60)}done.`;
		const slowReply = reply([{ type: "text", text: slowText, deltaSize: 10 }]);
		let steeringShown!: () => void;
		const until = new Promise<void>((resolve) => {
			steeringShown = resolve;
		});
		fixture.server.enqueue(
			{
				body: slowReply,
				chunking: 200,
				chunkDelayMs: 60,
				pause: { afterBytes: Math.floor(Buffer.byteLength(slowReply) / 2), until },
			},
			{ body: reply([{ type: "text", text: "Steered: only the morning tide." }]) },
		);
		await tmux.type("Count the tides");
		await tmux.press("Enter");
		await tmux.waitFor("Counting the tides");
		await tmux.waitFor("working");
		await tmux.type("only the morning tide please");
		await tmux.press("Enter");
		await tmux.waitFor("Steering: only the morning tide please");
		steeringShown();
		await tmux.waitFor("Steered: only the morning tide.");
		await tmux.waitFor("· ready");

		// A refused key: the error says where the key came from.
		fixture.server.enqueue(
			anthropicErrorResponse(401, { type: "authentication_error", message: "invalid x-api-key" }),
		);
		await tmux.type("one more");
		await tmux.press("Enter");
		await tmux.waitFor(
			/Error: wire: 401 .*invalid x-api-key — check WIRE_TEST_KEY \(named by providers\.wire\.apiKey in\s+\S+models\.json\) or pass --api-key/,
		);

		// Ctrl+C clears, a second one within 2 s quits with exit code 0.
		await tmux.press("C-c");
		await tmux.waitFor("Press Ctrl+C again to quit.");
		await tmux.press("C-c");
		await tmux.waitFor("[exited 0]");

		expect(fixture.server.requests).toHaveLength(5);
		expect(requestText(0)).toContain('"model":"claude-wire"');
		expect(requestText(2)).toContain('"model":"claude-wire-two"');
		expect(requestText(3)).toContain('"model":"claude-wire-two"');
		expect(requestText(3)).toContain("only the morning tide please");
		expect(requestText(3)).toContain("Counting the tides");
		const [sessionFile] = await fixture.sessionFiles();
		const sessionText = await readFile(sessionFile as string, "utf8");
		expect(sessionText).toContain("Steered: only the morning tide.");
		expect(sessionText).not.toContain("sk-wire-secret-key");
	});

	it("denies a call with a reason, runs !commands into the context, and Esc brings queued messages back", async () => {
		fixture.server.enqueue(
			{
				body: reply([
					{ type: "toolCall", id: "toolu_01", name: "bash", arguments: { command: "rm -rf build" } },
				]),
			},
			{ body: reply([{ type: "text", text: "Understood, not deleting." }]) },
		);
		tmux = await TmuxSession.start({
			cwd: fixture.cwd,
			env: { ...fixture.env, TERM: "xterm-256color", LANG: "C.UTF-8" },
			command: [process.execPath, MAIN, "--approve", "ask", "--model", WIRE_MODEL],
		});
		await waitUntilTyping(tmux);
		await tmux.type("Clean the build");
		await tmux.press("Enter");
		await tmux.waitFor("Allow bash?");
		await tmux.type("n");
		await tmux.waitFor("Reason for the model");
		await tmux.type("keep the build");
		await tmux.press("Enter");
		await tmux.waitFor("Understood, not deleting.");
		expect(requestText(1)).toContain("The user denied this bash call: keep the build");
		// The answer shows at its message_end; the run ends just after.
		await tmux.waitFor("· ready");

		await tmux.type("!echo shell-output-42");
		await tmux.press("Enter");
		await tmux.waitFor("(exit 0; output added to the context)");

		await tmux.type("/session");
		await tmux.press("Enter");
		// The !command is a shell entry of its own, not a user message.
		await tmux.waitFor("messages: 1 user, 2 assistant, 1 tool calls;");
		await tmux.type("/export tides.html");
		await tmux.press("Enter");
		await tmux.waitFor("Exported the session to");
		expect(await readFile(join(fixture.cwd, "tides.html"), "utf8")).toContain("Clean the build");

		// A response that never comes: queue a follow-up, then Esc aborts and returns it.
		fixture.server.enqueue({ body: reply([{ type: "text", text: "never" }]), stallAfterBytes: 0 });
		await tmux.type("Wait for it");
		await tmux.press("Enter");
		await tmux.waitFor("working");
		await tmux.type("and then this");
		await tmux.press("M-Enter");
		await tmux.waitFor("Queued as a follow-up: and then this");
		await tmux.press("Escape");
		await tmux.waitFor("Aborted.");
		await tmux.waitFor(/› and then this\s*│/);
		expect(requestText(2)).toContain("shell-output-42");

		await tmux.press("C-u");
		await tmux.type("/quit");
		await tmux.press("Enter");
		await tmux.waitFor("[exited 0]");
	});
});
