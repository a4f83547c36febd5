import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { encodeAnthropicStream } from "@kestrel/ai/testing";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { answer, type CliFixture, createCliFixture, reply, WIRE_MODEL } from "./cli-fixture.js";

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
		fixture.server.enqueue(reply([{ type: "text", text, deltaSize: 5 }], { input: 20, output: 9 }));
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

	it("runs a two-turn task that edits a file, continues it with -c, and exits 130 on SIGINT", async () => {
		fixture.server.enqueue(
			reply([
				{ type: "toolCall", id: "toolu_1", name: "write", arguments: { path: "log.md", content: "# Log\n" } },
			]),
			reply([
				{
					type: "toolCall",
					id: "toolu_2",
					name: "edit",
					arguments: { path: "log.md", edits: [{ oldText: "# Log\n", newText: "# Ship log\n" }] },
				},
			]),
			answer("Created and titled log.md."),
		);
		const first = await fixture.run([
			"--model",
			WIRE_MODEL,
			"--mode",
			"json",
			"--approve",
			"all",
			"Start a log",
		]);
		expect(first.code).toBe(0);
		expect(await readFile(join(fixture.cwd, "log.md"), "utf8")).toBe("# Ship log\n");
		const events = first.stdout
			.trimEnd()
			.split("\n")
			.map((line) => JSON.parse(line) as { type: string; toolName?: string; isError?: boolean });
		const toolEnds = events.filter((event) => event.type === "tool_execution_end");
		expect(toolEnds.map((event) => [event.toolName, event.isError])).toEqual([
			["write", false],
			["edit", false],
		]);
		expect(events.filter((event) => event.type === "turn_end")).toHaveLength(3);

		fixture.server.enqueue(answer("The log is titled Ship log."));
		const second = await fixture.run(["--model", WIRE_MODEL, "--mode", "json", "-c", "What is its title?"]);
		expect(second.code).toBe(0);
		expect(JSON.parse(second.stdout.split("\n")[0] ?? "{}").id).toBe(
			JSON.parse(first.stdout.split("\n")[0] ?? "{}").id,
		);
		expect(JSON.stringify(fixture.server.requests[3]?.body)).toContain("Created and titled log.md.");

		fixture.server.enqueue({
			body: encodeAnthropicStream({ blocks: [{ type: "text", text: "A long answer that never ends" }] }),
			stallAfterBytes: 300,
		});
		const { child, result } = fixture.start(["--model", WIRE_MODEL, "--mode", "json", "-c", "Tell me more"]);
		await fixture.waitForRequests(5);
		child.kill("SIGINT");
		const aborted = await result;
		expect(aborted.code).toBe(130);
		expect(aborted.stdout).toContain('"kind":"aborted"');
	});
});
