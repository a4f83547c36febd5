import type { ToolCallHookContext } from "@kestrel/agent-core";
import { describe, expect, it } from "vitest";
import { Approvals } from "../../src/app/approvals.js";
import { approvalFor } from "../../src/permissions/approval-for.js";
import { effectOf } from "../../src/permissions/tool-effects.js";

const TOOLS = ["read", "ls", "find", "grep", "write", "edit", "bash", "deploy"];

function decisions(mode: "ask" | "edits" | "all"): Record<string, string> {
	return Object.fromEntries(
		TOOLS.map((tool) => [tool, approvalFor(mode, effectOf(tool, { path: "a.txt" }).kind)]),
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
		});
	});

	it("edits: file changes run too; running commands and unknown tools ask", () => {
		expect(decisions("edits")).toMatchObject({ write: "allow", edit: "allow", bash: "ask", deploy: "ask" });
	});

	it("all: everything runs", () => {
		expect(Object.values(decisions("all")).every((decision) => decision === "allow")).toBe(true);
	});
});

const call = (name: string, args: Record<string, unknown> = {}) =>
	({
		toolCall: { type: "toolCall", id: `id-${name}`, name, arguments: args },
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
		expect(asked).toEqual([{ toolCallId: "id-bash", toolName: "bash", args: { command: "ls" } }]);
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
