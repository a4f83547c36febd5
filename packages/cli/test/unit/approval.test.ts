import { type AgentTool, callEffect, type ToolCallHookContext } from "@kestrel/agent-core";
import { fsToolPack } from "@kestrel/tools-fs";
import { shellToolPack } from "@kestrel/tools-shell";
import { Type } from "typebox";
import { describe, expect, it } from "vitest";
import { Approvals } from "../../src/app/approvals.js";
import { approvalFor } from "../../src/permissions/approval-for.js";

/** A tool of another pack: only its declaration matters here. */
function otherTool(name: string, effects?: AgentTool["effects"]): AgentTool {
	return {
		name,
		description: name,
		parameters: Type.Object({}),
		...(effects === undefined ? {} : { effects }),
		execute: async () => ({ content: [], details: undefined }),
	};
}

/** The tools of a kestrel session: the file tools, bash, a tool that declares nothing, an MCP-like web read. */
const SESSION_TOOLS: AgentTool[] = [
	...fsToolPack(process.cwd()).tools(),
	...shellToolPack(process.cwd()).tools(),
	otherTool("deploy"),
	otherTool("fetch", { kind: "read", openWorld: true }),
];
const ARGS = { path: "a.txt", content: "x", edits: [{ oldText: "a", newText: "b" }] };

function decisions(mode: "ask" | "edits" | "all"): Record<string, string> {
	return Object.fromEntries(
		SESSION_TOOLS.map((tool) => [tool.name, approvalFor(mode, callEffect(tool.effects, ARGS))]),
	);
}

describe("approvalFor, by what a call does", () => {
	it("ask: only reads run unasked", () => {
		expect(decisions("ask")).toEqual({
			read: "allow",
			ls: "allow",
			find: "allow",
			grep: "allow",
			write: "ask",
			edit: "ask",
			bash: "ask",
			deploy: "ask",
			fetch: "ask",
		});
	});

	it("edits: file changes run too; running commands and unknown tools ask", () => {
		expect(decisions("edits")).toMatchObject({
			write: "allow",
			edit: "allow",
			fetch: "allow",
			bash: "ask",
			deploy: "ask",
		});
	});

	it("all: everything runs", () => {
		expect(Object.values(decisions("all")).every((decision) => decision === "allow")).toBe(true);
	});
});

const call = (name: string, args: Record<string, unknown> = ARGS) =>
	({
		toolCall: { type: "toolCall", id: `id-${name}`, name, arguments: args },
		args,
		context: { messages: [], tools: SESSION_TOOLS },
	}) as unknown as ToolCallHookContext;
const signal = new AbortController().signal;

describe("Approvals without anyone to ask (print and JSON modes)", () => {
	it("blocks what would be asked, with a reason naming the flag that allows it", async () => {
		expect(await new Approvals("ask").beforeToolCall(call("write"), signal)).toEqual({
			block: true,
			reason:
				"The write call was not approved: run kestrel with --approve edits or --approve all to allow it.",
		});
		expect((await new Approvals("edits").beforeToolCall(call("bash"), signal))?.reason).toContain(
			"--approve all",
		);
		expect(await new Approvals("edits").beforeToolCall(call("edit"), signal)).toBeUndefined();
	});

	it("tells the user about each refusal, with the flag that would allow it", async () => {
		const notices: string[] = [];
		const approvals = new Approvals("ask");
		approvals.onRefusal = (notice) => notices.push(notice);
		await approvals.beforeToolCall(call("write", { path: "notes.txt", content: "x" }), signal);
		await approvals.beforeToolCall(call("bash", { command: "ls" }), signal);
		await approvals.beforeToolCall(call("read", { path: "notes.txt" }), signal);
		expect(notices).toEqual([
			"refused the write call to notes.txt: it needs approval and nobody can answer in this mode; run kestrel with --approve edits or --approve all to allow it.",
			"refused the bash call: it needs approval and nobody can answer in this mode; run kestrel with --approve all to allow it.",
		]);
	});
});

describe("Approvals with an approver (interactive and RPC modes)", () => {
	it("asks only for calls the mode does not allow, with the call's name and arguments", async () => {
		const asked: unknown[] = [];
		const approvals = new Approvals("edits");
		approvals.approver = async (request) => {
			asked.push(request);
			return { decision: "allow" };
		};
		expect(await approvals.beforeToolCall(call("edit"), signal)).toBeUndefined();
		expect(await approvals.beforeToolCall(call("bash", { command: "ls" }), signal)).toBeUndefined();
		expect(asked).toEqual([
			{
				toolCallId: "id-bash",
				toolName: "bash",
				args: { command: "ls" },
				summary: "$ ls",
				choices: [
					{ decision: "allow", allows: "this call, once" },
					{
						decision: "allow_call_session",
						allows: "$ ls again, with exactly these arguments, for the rest of the session",
					},
					{ decision: "allow_session", allows: "every bash call for the rest of the session" },
					{ decision: "deny", allows: expect.stringContaining("nothing") },
				],
			},
		]);
	});

	it("offers a file change once or for the tool, not again with the same arguments", async () => {
		const offered: string[][] = [];
		const approvals = new Approvals("ask");
		approvals.approver = async (request) => {
			offered.push(request.choices.map((choice) => choice.decision));
			return { decision: "allow" };
		};
		await approvals.beforeToolCall(call("edit"), signal);
		expect(offered).toEqual([["allow", "allow_session", "deny"]]);
	});

	it("remembers allow-this-call-for-the-session for the same tool with the same arguments only", async () => {
		const asked: string[] = [];
		const approvals = new Approvals("ask");
		approvals.approver = async (request) => {
			asked.push(request.summary);
			return { decision: "allow_call_session" };
		};
		const npmTest = { command: "npm test", timeout: 60 };
		expect(await approvals.beforeToolCall(call("bash", npmTest), signal)).toBeUndefined();
		// The same arguments in another key order: the same call.
		expect(
			await approvals.beforeToolCall(call("bash", { timeout: 60, command: "npm test" }), signal),
		).toBeUndefined();
		expect(asked).toEqual(["$ npm test"]);
		// Anything else is asked: more words, another timeout, another tool.
		await approvals.beforeToolCall(call("bash", { command: "npm test; rm -rf ~", timeout: 60 }), signal);
		await approvals.beforeToolCall(call("bash", { command: "npm test" }), signal);
		await approvals.beforeToolCall(call("deploy", npmTest), signal);
		expect(asked).toEqual([
			"$ npm test",
			"$ npm test; rm -rf ~",
			"$ npm test",
			'{"command":"npm test","timeout":60}',
		]);
		expect(approvals.sessionAllowed).toEqual([]);
		expect(approvals.sessionAllowedCalls).toContain("$ npm test");
		approvals.resetSession();
		expect(approvals.sessionAllowedCalls).toEqual([]);
		await approvals.beforeToolCall(call("bash", npmTest), signal);
		expect(asked).toHaveLength(5);
	});

	it("remembers allow-for-the-session per tool until the session changes", async () => {
		let questions = 0;
		const approvals = new Approvals("ask");
		approvals.approver = async () => {
			questions += 1;
			return { decision: "allow_session" };
		};
		await approvals.beforeToolCall(call("bash"), signal);
		await approvals.beforeToolCall(call("bash"), signal);
		await approvals.beforeToolCall(call("write"), signal);
		expect(questions).toBe(2);
		expect(approvals.sessionAllowed).toEqual(["bash", "write"]);
		approvals.resetSession();
		await approvals.beforeToolCall(call("bash"), signal);
		expect(questions).toBe(3);
	});

	it("a denial with a reason reaches the model; a failed question is a denial", async () => {
		const approvals = new Approvals("ask");
		approvals.approver = async () => ({ decision: "deny", reason: "use the staging bucket" });
		expect(await approvals.beforeToolCall(call("bash"), signal)).toEqual({
			block: true,
			reason: "The user denied this bash call: use the staging bucket",
		});
		approvals.approver = async () => {
			throw new Error("terminal closed");
		};
		expect((await approvals.beforeToolCall(call("write"), signal))?.reason).toBe(
			"The user denied this write call: The question was not answered.",
		);
	});
});

describe("Approvals decide from declarations, not names", () => {
	it("a write tool that cannot name its file is asked like a command", async () => {
		const approvals = new Approvals("edits");
		expect((await approvals.beforeToolCall(call("write", { content: "x" }), signal))?.reason).toContain(
			"--approve all",
		);
	});

	it("a tool named like a file tool but declaring nothing is not trusted for its name", async () => {
		const impostor = otherTool("read");
		const context = {
			toolCall: { type: "toolCall", id: "id-read", name: "read", arguments: { path: "a" } },
			args: { path: "a" },
			context: { messages: [], tools: [impostor] },
		} as unknown as ToolCallHookContext;
		expect((await new Approvals("edits").beforeToolCall(context, signal))?.block).toBe(true);
	});

	it("shows what the call would change: a new file's numbered lines, else the tool's display", async () => {
		const asked: unknown[] = [];
		const approvals = new Approvals("ask");
		approvals.approver = async (request) => {
			asked.push(request);
			return { decision: "allow" };
		};
		// The tests run in packages/cli: notes.md does not exist there, README.md does.
		await approvals.beforeToolCall(call("write", { path: "notes.md", content: "one\ntwo\n" }), signal);
		await approvals.beforeToolCall(call("write", { path: "README.md", content: "one\ntwo" }), signal);
		expect(asked).toEqual([
			expect.objectContaining({
				summary: "notes.md",
				preview: { kind: "diff", diff: "@@ -0,0 +1,2 @@\n+one\n+two" },
			}),
			expect.objectContaining({ summary: "README.md", preview: { kind: "diff", diff: "+one\n+two" } }),
		]);
	});

	it("a network read is asked in ask mode and allowed in edits mode", async () => {
		expect(
			(await new Approvals("ask").beforeToolCall(call("fetch", { url: "x" }), signal))?.reason,
		).toContain("--approve edits or --approve all");
		expect(await new Approvals("edits").beforeToolCall(call("fetch", { url: "x" }), signal)).toBeUndefined();
	});
});
