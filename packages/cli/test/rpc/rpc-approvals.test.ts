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
});
