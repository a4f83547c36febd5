import { describe, expect, it } from "vitest";
import type { ApprovalChoice } from "../../src/app/approvals.js";
import { RpcApprover } from "../../src/modes/rpc/rpc-approver.js";

const ONCE: ApprovalChoice = { decision: "allow", allows: "this call, once" };
const DENY: ApprovalChoice = { decision: "deny", allows: "nothing" };
const SAME: ApprovalChoice = { decision: "allow_call_session", allows: "$ ls again" };

describe("RpcApprover", () => {
	it("says in the approval_request which answers it takes, and why a protected file is asked, and only then", async () => {
		const lines: unknown[] = [];
		const rpc = new RpcApprover((line) => lines.push(line));
		const signal = new AbortController().signal;
		const plain = rpc.approver(
			{
				toolCallId: "t1",
				toolName: "bash",
				args: { command: "ls" },
				summary: "$ ls",
				choices: [ONCE, SAME, DENY],
			},
			signal,
		);
		const guarded = rpc.approver(
			{
				toolCallId: "t2",
				toolName: "write",
				args: { path: ".git/hooks/pre-commit" },
				summary: ".git/hooks/pre-commit",
				choices: [ONCE, DENY],
				protectedReason: "git runs what is in .git by itself",
			},
			signal,
		);
		rpc.answer("approval-1", { decision: "allow" });
		rpc.answer("approval-2", { decision: "deny" });
		await Promise.all([plain, guarded]);
		expect(lines).toEqual([
			{
				type: "approval_request",
				requestId: "approval-1",
				toolCallId: "t1",
				toolName: "bash",
				args: { command: "ls" },
				summary: "$ ls",
				choices: [ONCE, SAME, DENY],
			},
			{
				type: "approval_request",
				requestId: "approval-2",
				toolCallId: "t2",
				toolName: "write",
				args: { path: ".git/hooks/pre-commit" },
				summary: ".git/hooks/pre-commit",
				choices: [ONCE, DENY],
				protected: "git runs what is in .git by itself",
			},
		]);
	});
});
