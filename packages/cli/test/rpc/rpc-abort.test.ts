import { encodeAnthropicStream } from "@kestrel/ai/testing";
import { SessionManager } from "@kestrel/harness";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type CliFixture, createCliFixture, WIRE_MODEL } from "../e2e/cli-fixture.js";
import { startRpc } from "./rpc-process.js";

let fixture: CliFixture;
beforeEach(async () => {
	fixture = await createCliFixture();
});
afterEach(async () => {
	await fixture.close();
});

describe("rpc mode: abort", () => {
	it("aborts a stalled response, gives back the queued messages, and the next prompt runs", async () => {
		fixture.server.enqueue(
			{
				body: encodeAnthropicStream({ blocks: [{ type: "text", text: "Half an answer and then noth" }] }),
				stallAfterBytes: 400,
			},
			{ body: encodeAnthropicStream({ blocks: [{ type: "text", text: "Short answer." }] }) },
		);
		const rpc = startRpc(fixture, ["--model", WIRE_MODEL]);
		await rpc.request({ type: "prompt", message: "Tell me a long story" });
		await fixture.waitForRequests(1);
		expect(fixture.server.requests).toHaveLength(1);

		const steered = await rpc.request({ type: "steer", message: "Make it about boats" });
		expect(steered).toMatchObject({ success: true, data: { queue: { steering: 1, followUp: 0 } } });
		const followed = await rpc.request({ type: "follow_up", message: "Then summarise it" });
		expect(followed).toMatchObject({ success: true, data: { queue: { steering: 1, followUp: 1 } } });

		const aborted = await rpc.request({ type: "abort" });
		expect(aborted).toMatchObject({
			success: true,
			data: {
				aborted: true,
				cleared: {
					steering: [{ role: "user", content: "Make it about boats" }],
					followUp: [{ role: "user", content: "Then summarise it" }],
				},
			},
		});
		// abort answers once the run has stopped: its agent_end is already out.
		const endAt = rpc.lines.findIndex(
			(line) => line.type === "event" && (line.event as { type: string }).type === "agent_end",
		);
		expect(endAt).toBeGreaterThan(0);
		expect(endAt).toBeLessThan(
			rpc.lines.findIndex((line) => line.type === "response" && line.command === "abort"),
		);
		expect(rpc.lines[endAt]).toMatchObject({ event: { outcome: { kind: "aborted" } } });
		expect((await rpc.request({ type: "get_state" })).data).toMatchObject({
			running: false,
			queue: { steering: 0, followUp: 0 },
		});

		const from = rpc.lines.length;
		await rpc.request({ type: "prompt", message: "Shorter, please" });
		expect(await rpc.waitForEvent("agent_end", from)).toMatchObject({ outcome: { kind: "completed" } });
		expect((await rpc.request({ type: "abort" })).data).toMatchObject({ aborted: false });
		expect((await rpc.end()).code).toBe(0);
	});

	it("SIGTERM during a run aborts it and closes the session file cleanly", async () => {
		fixture.server.enqueue({
			body: encodeAnthropicStream({ blocks: [{ type: "text", text: "Half an answer and then noth" }] }),
			stallAfterBytes: 400,
		});
		const rpc = startRpc(fixture, ["--model", WIRE_MODEL]);
		await rpc.request({ type: "prompt", message: "Tell me a long story" });
		await fixture.waitForRequests(1);
		rpc.kill("SIGTERM");
		const ended = await rpc.result;
		expect(ended.code).toBe(0);
		expect(rpc.lines.at(-1)).toMatchObject({
			type: "event",
			event: { type: "agent_end", outcome: { kind: "aborted" } },
		});
		const [file] = await fixture.sessionFiles();
		const session = await new SessionManager({ dir: fixture.kestrelHome, cwd: fixture.cwd }).open(
			file as string,
		);
		expect(session.issues).toEqual([]);
		await session.close();
	});
});
