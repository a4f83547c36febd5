import { fileURLToPath } from "node:url";
import { anthropicErrorResponse, encodeAnthropicStream } from "@kestrel/ai/testing";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type CliFixture, createCliFixture, WIRE_MODEL } from "../e2e/cli-fixture.js";
import { type RpcResponseLine, startRpc } from "./rpc-process.js";

let fixture: CliFixture;
beforeEach(async () => {
	fixture = await createCliFixture();
});
afterEach(async () => {
	await fixture.close();
});

describe("rpc mode: bad input", () => {
	it("answers every line, malformed ones included, with the line's id and a clear error", async () => {
		const rpc = startRpc(fixture, ["--model", WIRE_MODEL]);
		await rpc.waitFor((line) => line.type === "ready");
		rpc.send("{not json");
		rpc.send("[1,2]");
		rpc.send({ id: 7, type: "teleport" });
		rpc.send({ id: "m", type: "prompt" });
		rpc.send({ id: "x", type: "prompt", message: "hi", mesage: "typo" });
		rpc.send({ id: 9, type: "set_thinking_level", level: "max" });
		rpc.send({ id: { nested: true }, type: "get_state" });
		rpc.send({ id: 10 });
		rpc.send({ id: 11, type: "approval_response", requestId: "approval-99", decision: "allow" });
		rpc.send({ id: 12, type: "steer", message: "faster" });
		rpc.send({ id: 13, type: "switch_session", path: "no-such-session.jsonl" });
		rpc.send("");
		rpc.send({ id: 14, type: "get_state" });
		await rpc.waitFor((line) => line.type === "response" && line.id === 14);
		const responses = rpc.lines.filter((line) => line.type === "response") as unknown as RpcResponseLine[];
		// Twelve commands (the blank line is not one), twelve responses, in order.
		expect(responses.map((response) => response.id)).toEqual([
			null,
			null,
			7,
			"m",
			"x",
			9,
			null,
			10,
			11,
			12,
			13,
			14,
		]);
		const [
			notJson,
			notObject,
			unknown,
			missing,
			extra,
			badLevel,
			badId,
			noType,
			noApproval,
			idleSteer,
			noFile,
		] = responses;
		expect(Object.keys(notJson ?? {})).toEqual(["type", "id", "command", "success", "error"]);
		expect(notJson).toMatchObject({ success: false, command: null, error: { code: "parse_error" } });
		expect(notObject).toMatchObject({ success: false, error: { code: "parse_error" } });
		expect(unknown).toMatchObject({ command: "teleport", error: { code: "unknown_command" } });
		expect(unknown?.error?.message).toContain("get_state");
		expect(missing).toMatchObject({ command: "prompt", error: { code: "invalid_params", field: "message" } });
		expect(missing?.error?.message).toBe('prompt: "message" is required.');
		expect(extra).toMatchObject({ error: { code: "invalid_params", field: "mesage" } });
		// The guide named is the package's own copy, a file on disk wherever kestrel is installed.
		expect(extra?.error?.message).toContain(
			`(see ${fileURLToPath(new URL("../../docs/rpc.md", import.meta.url))}).`,
		);
		expect(badLevel).toMatchObject({ error: { code: "invalid_params", field: "level" } });
		expect(badLevel?.error?.message).toContain('"off", "minimal", "low", "medium", "high", "xhigh"');
		expect(badId).toMatchObject({ command: "get_state", error: { code: "invalid_params", field: "id" } });
		expect(noType).toMatchObject({ error: { code: "invalid_params", field: "type" } });
		expect(noApproval).toMatchObject({ error: { code: "not_found" } });
		expect(idleSteer).toMatchObject({ error: { code: "not_running" } });
		expect(idleSteer?.error?.message).toContain("send prompt");
		expect(noFile).toMatchObject({ command: "switch_session", error: { code: "failed" } });
		expect(responses[11]).toMatchObject({ success: true, data: { running: false } });

		const ended = await rpc.end();
		expect(ended.code).toBe(0);
	});

	it("refuses prompt, model and session changes while a run is going, and names what to send instead", async () => {
		fixture.server.enqueue({
			body: encodeAnthropicStream({
				blocks: [{ type: "text", text: "A long answer that stalls halfway thro" }],
			}),
			stallAfterBytes: 400,
		});
		const rpc = startRpc(fixture, ["--model", WIRE_MODEL]);
		expect((await rpc.request({ type: "prompt", message: "Tell me a story" })).success).toBe(true);
		await fixture.waitForRequests(1);

		const again = await rpc.request({ type: "prompt", message: "Another" });
		expect(again).toMatchObject({ success: false, command: "prompt", error: { code: "busy" } });
		expect(again.error?.message).toContain("steer");
		expect(again.error?.message).toContain("follow_up");
		for (const command of [
			{ type: "set_model", model: WIRE_MODEL },
			{ type: "set_thinking_level", level: "low" },
			{ type: "new_session" },
			{ type: "fork" },
			{ type: "compact" },
		]) {
			const refused = await rpc.request(command);
			expect(refused).toMatchObject({ success: false, command: command.type, error: { code: "busy" } });
			expect(refused.error?.message).toContain("abort");
		}
		expect((await rpc.request({ type: "get_state" })).data.running).toBe(true);

		// Closing stdin aborts the stalled run; the mode still exits 0.
		const ended = await rpc.end();
		expect(ended.code).toBe(0);
		expect(
			rpc.lines.some(
				(line) => line.type === "event" && (line.event as { type: string }).type === "agent_end",
			),
		).toBe(true);
	});

	it("reports a provider error in the run's agent_end, and the mode keeps serving", async () => {
		fixture.server.enqueue(anthropicErrorResponse(401, { message: "invalid x-api-key" }));
		const rpc = startRpc(fixture, ["--model", WIRE_MODEL]);
		expect((await rpc.request({ type: "prompt", message: "hi" })).success).toBe(true);
		const end = await rpc.waitForEvent("agent_end");
		expect(end).toMatchObject({ outcome: { kind: "error", error: { kind: "auth", status: 401 } } });
		expect((end.outcome as { message: string }).message).toContain("invalid x-api-key");
		expect((await rpc.request({ type: "get_state" })).data.running).toBe(false);
		expect((await rpc.request({ type: "get_session_stats" })).data).toMatchObject({
			userMessages: 1,
			assistantMessages: 1,
			failedResponses: 1,
		});
		const ended = await rpc.end();
		expect(ended.code).toBe(0);
		expect(ended.stdout).not.toContain("sk-wire-secret-key");
	});
});
