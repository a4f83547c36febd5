import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { answer, type CliFixture, createCliFixture, reply, WIRE_MODEL } from "../e2e/cli-fixture.js";
import { startRpc } from "./rpc-process.js";

let fixture: CliFixture;
beforeEach(async () => {
	fixture = await createCliFixture();
});
afterEach(async () => {
	await fixture.close();
});

const write = (id: string, path: string, content: string) =>
	reply([{ type: "toolCall", id, name: "write", arguments: { path, content } }]);

describe("rpc mode: approvals", () => {
	it("asks the client: a denial's reason reaches the model, allow_session stops further questions", async () => {
		fixture.server.enqueue(
			write("toolu_01", "notes.txt", "first"),
			write("toolu_02", "notes.md", "second"),
			write("toolu_03", "more.md", "third"),
			answer("Done."),
		);
		const rpc = startRpc(fixture, ["--model", WIRE_MODEL, "--approve", "ask"]);
		expect((await rpc.request({ type: "prompt", message: "Write the notes" })).success).toBe(true);

		const first = await rpc.waitFor((line) => line.type === "approval_request");
		expect(first).toMatchObject({
			toolName: "write",
			toolCallId: "toolu_01",
			args: { path: "notes.txt", content: "first" },
		});
		const denied = await rpc.request({
			type: "approval_response",
			requestId: first.requestId,
			decision: "deny",
			reason: "use notes.md instead",
		});
		expect(denied).toMatchObject({ success: true, data: { decision: "deny" } });

		const second = await rpc.waitFor(
			(line) => line.type === "approval_request" && line.requestId !== first.requestId,
		);
		expect(second).toMatchObject({ toolName: "write", args: { path: "notes.md" } });
		// The model's next request carried the denial and its reason.
		expect(JSON.stringify(fixture.server.requests[1]?.body)).toContain(
			"The user denied this write call: use notes.md instead",
		);
		await rpc.request({ type: "approval_response", requestId: second.requestId, decision: "allow_session" });

		const end = await rpc.waitForEvent("agent_end");
		expect(end).toMatchObject({ outcome: { kind: "completed" } });
		expect(rpc.lines.filter((line) => line.type === "approval_request")).toHaveLength(2);
		await expect(readFile(join(fixture.cwd, "notes.txt"), "utf8")).rejects.toThrow();
		expect(await readFile(join(fixture.cwd, "notes.md"), "utf8")).toBe("second");
		expect(await readFile(join(fixture.cwd, "more.md"), "utf8")).toBe("third");
		const state = await rpc.request({ type: "get_state" });
		expect(state.data).toMatchObject({ approve: "ask", sessionAllowed: ["write"], pendingApprovals: [] });

		// Answering twice: the request is gone.
		const late = await rpc.request({
			type: "approval_response",
			requestId: second.requestId,
			decision: "allow",
		});
		expect(late).toMatchObject({ success: false, error: { code: "not_found" } });
		expect((await rpc.end()).code).toBe(0);
	});

	it("an abort withdraws a pending question and denies the call", async () => {
		fixture.server.enqueue(write("toolu_01", "notes.txt", "first"));
		const rpc = startRpc(fixture, ["--model", WIRE_MODEL]);
		await rpc.request({ type: "prompt", message: "Write the notes" });
		const asked = await rpc.waitFor((line) => line.type === "approval_request");
		const aborted = await rpc.request({ type: "abort" });
		expect(aborted).toMatchObject({ success: true, data: { aborted: true } });
		expect(rpc.lines).toContainEqual({ type: "approval_cancelled", requestId: asked.requestId });
		const end = await rpc.waitForEvent("agent_end");
		expect(end).toMatchObject({ outcome: { kind: "aborted" } });
		await expect(readFile(join(fixture.cwd, "notes.txt"), "utf8")).rejects.toThrow();
		expect((await rpc.end()).code).toBe(0);
	});

	it("offers the choices with what each allows; allow_call_session runs the same command again unasked", async () => {
		const bash = (id: string, command: string) =>
			reply([{ type: "toolCall", id, name: "bash", arguments: { command } }]);
		fixture.server.enqueue(
			bash("toolu_01", "echo same-call"),
			bash("toolu_02", "echo same-call"),
			bash("toolu_03", "echo other-call"),
			answer("Done."),
		);
		const rpc = startRpc(fixture, ["--model", WIRE_MODEL, "--approve", "ask"]);
		await rpc.request({ type: "prompt", message: "Echo" });
		const first = await rpc.waitFor((line) => line.type === "approval_request");
		expect(first).toMatchObject({
			summary: "$ echo same-call",
			choices: [
				{ decision: "allow", allows: "this call, once" },
				{
					decision: "allow_call_session",
					allows: "$ echo same-call again, with exactly these arguments, for the rest of the session",
				},
				{ decision: "allow_session", allows: "every bash call for the rest of the session" },
				{ decision: "deny" },
			],
		});
		const allowed = await rpc.request({
			type: "approval_response",
			requestId: first.requestId,
			decision: "allow_call_session",
		});
		expect(allowed).toMatchObject({ success: true, data: { decision: "allow_call_session" } });
		// The second call is the same command: it runs unasked. The third is another: asked.
		const third = await rpc.waitFor(
			(line) => line.type === "approval_request" && line.requestId !== first.requestId,
		);
		expect(third).toMatchObject({ toolCallId: "toolu_03", summary: "$ echo other-call" });
		const afterSecond = JSON.stringify(fixture.server.requests[2]?.body);
		expect(afterSecond).toContain("toolu_02");
		expect(afterSecond).not.toContain("denied");
		await rpc.request({ type: "approval_response", requestId: third.requestId, decision: "allow" });
		expect(await rpc.waitForEvent("agent_end")).toMatchObject({ outcome: { kind: "completed" } });
		expect(rpc.lines.filter((line) => line.type === "approval_request")).toHaveLength(2);
		const state = await rpc.request({ type: "get_state" });
		expect(state.data).toMatchObject({ sessionAllowed: [], pendingApprovals: [] });
		expect((await rpc.end()).code).toBe(0);
	});
});
