import type { ToolCallHookContext } from "@kestrel/agent-core";
import { describe, expect, it } from "vitest";
import { approvalFor } from "../../src/permissions/approval-for.js";
import { headlessApproval } from "../../src/permissions/headless-approval.js";

const TOOLS = ["read", "ls", "find", "grep", "write", "edit", "bash", "deploy"];

function decisions(mode: "ask" | "edits" | "all"): Record<string, string> {
	return Object.fromEntries(TOOLS.map((tool) => [tool, approvalFor(mode, tool)]));
}

describe("approvalFor", () => {
	it("ask: only read-only tools run unasked", () => {
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

	it("edits: file edits run too, bash and unknown tools ask", () => {
		expect(decisions("edits")).toMatchObject({ write: "allow", edit: "allow", bash: "ask", deploy: "ask" });
	});

	it("all: everything runs", () => {
		expect(Object.values(decisions("all")).every((decision) => decision === "allow")).toBe(true);
	});
});

describe("headlessApproval", () => {
	const call = (name: string) =>
		({ toolCall: { type: "toolCall", id: "1", name, arguments: {} } }) as unknown as ToolCallHookContext;

	it("blocks what would be asked, with a reason naming the flag that allows it", () => {
		expect(headlessApproval("ask")(call("write"))).toEqual({
			block: true,
			reason:
				"The write call was not approved: run kestrel with --approve edits or --approve all to allow it.",
		});
		expect(headlessApproval("edits")(call("bash"))?.reason).toContain("--approve all");
		expect(headlessApproval("edits")(call("edit"))).toBeUndefined();
	});
});
