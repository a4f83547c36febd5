import { encodeAnthropicStream } from "@kestrel/ai/testing";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type CliFixture, createCliFixture, WIRE_MODEL } from "./cli-fixture.js";

let fixture: CliFixture;
beforeEach(async () => {
	fixture = await createCliFixture();
});
afterEach(async () => {
	await fixture.close();
});

describe("JSON mode", () => {
	it("writes the session line first, then events whose updates carry deltas only", async () => {
		const text = "The tide turns at seven in the morning.";
		fixture.server.enqueue({
			body: encodeAnthropicStream({
				blocks: [{ type: "text", text, deltaSize: 5 }],
				usage: { input: 20, output: 9 },
			}),
		});
		const result = await fixture.run(["--model", WIRE_MODEL, "--mode", "json", "When is the tide?"]);
		expect(result.code).toBe(0);
		const lines = result.stdout.trimEnd().split("\n");
		const events = lines.map((line) => JSON.parse(line) as { type: string } & Record<string, unknown>);
		const [first] = events;
		expect(first?.type).toBe("session");
		expect(first?.version).toBe(2);
		expect(first?.path).toBe((await fixture.sessionFiles())[0]);
		expect(events.map((event) => event.type)).toContain("agent_end");

		const updates = events.filter((event) => event.type === "message_update");
		const deltas = updates
			.map((event) => event.assistantMessageEvent as { type: string; delta?: string })
			.filter((event) => event.type === "text_delta");
		expect(deltas.map((event) => event.delta).join("")).toBe(text);
		expect(deltas.length).toBeGreaterThan(1);
		for (const update of updates) {
			expect(update).not.toHaveProperty("message");
			expect(update.assistantMessageEvent).not.toHaveProperty("partial");
		}
		// The whole answer appears in a bounded number of lines, not once per token.
		expect(lines.filter((line) => line.includes(text)).length).toBeLessThanOrEqual(6);
	});

	it("exits 1 and describes the failure when the provider refuses", async () => {
		const { anthropicErrorResponse } = await import("@kestrel/ai/testing");
		fixture.server.enqueue(anthropicErrorResponse(401, { message: "invalid x-api-key" }));
		const result = await fixture.run(["--model", WIRE_MODEL, "--mode", "json", "-p", "hi"]);
		expect(result.code).toBe(1);
		expect(JSON.parse(result.stdout.split("\n")[0] ?? "{}").type).toBe("session");
		expect(result.stderr).toContain("401");
	});
});
