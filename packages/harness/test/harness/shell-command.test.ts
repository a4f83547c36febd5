import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AgentTool } from "@kestrel/agent-core";
import { Type } from "typebox";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
	AgentHarness,
	HarnessError,
	SecretRedactor,
	SessionManager,
	shellCommandText,
} from "../../src/index.js";
import { harnessFor, scriptedModel, textOf } from "./support/scripted.js";

let dir: string;
beforeEach(async () => {
	dir = await mkdtemp(join(tmpdir(), "kestrel-shell-"));
});
afterEach(async () => {
	await rm(dir, { recursive: true, force: true });
});

const answer = () => scriptedModel({ agent: () => ({ content: [{ type: "text", text: "Seen." }] }) });

/** The texts of the user messages of the `index`-th agent request. */
function userTexts(scripted: ReturnType<typeof answer>, index: number): string[] {
	const request = scripted.agentRequests()[index];
	return (request?.context.messages ?? []).filter((m) => m.role === "user").map((m) => textOf(m));
}

describe("recordShellCommand", () => {
	it("persists a shell message and announces it like any appended message", async () => {
		const { harness, session, events } = await harnessFor(answer());
		const entry = await harness.recordShellCommand({ command: "ls", output: "a.txt\nb.txt\n", exitCode: 0 });

		expect(session.leafId).toBe(entry.id);
		expect(entry.message).toMatchObject({
			role: "shell",
			command: "ls",
			output: "a.txt\nb.txt\n",
			exitCode: 0,
		});
		expect(events.map((event) => event.type)).toEqual(["message_start", "entry_persisted", "message_end"]);
		const [start, persisted, end] = events;
		expect(start?.type === "message_start" && start.message).toBe(entry.message);
		expect(persisted?.type === "entry_persisted" && persisted.entry).toBe(entry);
		expect(end?.type === "message_end" && end.message).toBe(entry.message);
		expect(harness.state().messages.map((message) => message.role)).toEqual(["shell"]);
	});

	it("puts the command and its output into the next model call, as user text before the prompt", async () => {
		const scripted = answer();
		const { harness } = await harnessFor(scripted);
		await harness.recordShellCommand({ command: "git status", output: "On branch main\n", exitCode: 1 });
		await harness.prompt("What did you see?");

		const texts = userTexts(scripted, 0);
		expect(texts).toHaveLength(2);
		expect(texts[0]).toContain("`git status`");
		expect(texts[0]).toContain("exit code 1");
		expect(texts[0]).toContain("On branch main");
		expect(texts[1]).toBe("What did you see?");
	});

	it("keeps an excluded command on the record but out of what the model reads", async () => {
		const scripted = answer();
		const { harness, session } = await harnessFor(scripted);
		await harness.recordShellCommand({
			command: "cat secrets.txt",
			output: "private stuff",
			exitCode: 0,
			excludeFromContext: true,
		});
		await harness.prompt("Hello.");

		expect(userTexts(scripted, 0)).toEqual(["Hello."]);
		expect(JSON.stringify(scripted.agentRequests()[0]?.context)).not.toContain("private stuff");
		expect(session.buildContext().messages[0]).toMatchObject({ role: "shell", excludeFromContext: true });
	});

	it("survives a reload of the session: a new harness sends it with the next prompt", async () => {
		const manager = new SessionManager({ dir, cwd: dir });
		const session = await manager.create();
		const first = new AgentHarness({ session, model: answer().model, systemPrompt: "x" });
		await first.recordShellCommand({
			command: "npm test",
			output: "...the end of it\n",
			exitCode: 2,
			truncated: true,
			fullOutputPath: "/tmp/full.log",
		});
		await session.close();

		const reopened = await manager.open(session.path!);
		expect(reopened.buildContext().messages).toEqual([
			expect.objectContaining({
				role: "shell",
				command: "npm test",
				truncated: true,
				fullOutputPath: "/tmp/full.log",
			}),
		]);
		const scripted = answer();
		await new AgentHarness({
			session: reopened,
			model: scripted.model,
			streamFn: scripted.streamFn,
			systemPrompt: "x",
		}).prompt("Fix it.");
		const [shellText] = userTexts(scripted, 0);
		expect(shellText).toContain("`npm test`");
		expect(shellText).toContain("/tmp/full.log");
		expect(shellText).toContain("...the end of it");
		await reopened.close();
	});

	it("rejects with a busy HarnessError while a run is in progress, and records once idle", async () => {
		let release!: () => void;
		const gate = new Promise<void>((resolve) => {
			release = resolve;
		});
		let entered!: () => void;
		const inTool = new Promise<void>((resolve) => {
			entered = resolve;
		});
		const wait: AgentTool = {
			name: "wait",
			label: "Wait",
			description: "Waits.",
			parameters: Type.Object({}),
			execute: async () => {
				entered();
				await gate;
				return { content: [{ type: "text", text: "done" }], details: {} };
			},
		};
		const scripted = scriptedModel({
			agent: (_request, index) =>
				index === 0
					? { content: [{ type: "toolCall", name: "wait", arguments: {} }] }
					: { content: [{ type: "text", text: "ok" }] },
		});
		const { harness, session } = await harnessFor(scripted, { tools: [wait] });
		const run = harness.prompt("Wait.");
		await inTool;
		const record = { command: "date", output: "today", exitCode: 0 };
		const refused = await harness.recordShellCommand(record).catch((error: unknown) => error);
		expect(refused).toBeInstanceOf(HarnessError);
		expect((refused as HarnessError).code).toBe("busy");
		release();
		await run;
		expect(session.buildContext().messages.some((message) => message.role === "shell")).toBe(false);
		await harness.recordShellCommand(record);
		expect(session.buildContext().messages.at(-1)?.role).toBe("shell");
	});

	it("removes the redactor's secrets before storing and announcing", async () => {
		const key = "sk-live-0123456789abcdef";
		const redactor = new SecretRedactor().add("OPENAI_API_KEY", key);
		const { harness, session, events } = await harnessFor(answer(), { redactor });
		await harness.recordShellCommand({ command: `echo ${key}`, output: `${key}\n`, exitCode: 0 });
		expect(JSON.stringify(session.getBranch())).not.toContain(key);
		expect(JSON.stringify(events)).not.toContain(key);
		expect(JSON.stringify(session.getBranch())).toContain("[REDACTED:OPENAI_API_KEY]");
	});
});

describe("shellCommandText", () => {
	it("says how the command ended and whether the output is whole", () => {
		expect(shellCommandText({ command: "sleep 9", output: "", exitCode: null, cancelled: true })).toBe(
			"I ran `sleep 9` (cancelled by me). It printed nothing.",
		);
		expect(shellCommandText({ command: "yes", output: "y\n", exitCode: null })).toBe(
			"I ran `yes` (killed). Its output:\n```\ny\n```",
		);
		expect(shellCommandText({ command: "seq 9", output: "8\n9\n", exitCode: 0, truncated: true })).toBe(
			"I ran `seq 9` (exit code 0). Its output (only its end):\n```\n8\n9\n```",
		);
	});
});
