import { anthropicErrorResponse, encodeAnthropicStream } from "@kestrel/ai/testing";
import { SessionManager } from "@kestrel/harness";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type CliFixture, createCliFixture, WIRE_MODEL } from "./cli-fixture.js";

let fixture: CliFixture;
beforeEach(async () => {
	fixture = await createCliFixture();
});
afterEach(async () => {
	await fixture.close();
});

describe("failures", () => {
	it("a refused key exits 1 with the provider, the status and where the key came from", async () => {
		fixture.server.enqueue(anthropicErrorResponse(401, { message: "invalid x-api-key" }));
		const result = await fixture.run(["--model", WIRE_MODEL, "-p", "hi"]);
		expect(result.code).toBe(1);
		expect(result.stdout).toBe("");
		expect(result.stderr).toMatch(/^wire.*401.*invalid x-api-key/);
		expect(result.stderr).toContain("check WIRE_TEST_KEY");
		expect(result.stderr).not.toContain("sk-wire-secret-key");
	});

	it("SIGINT during a stalled response exits 130 and leaves a session file that opens cleanly", async () => {
		fixture.server.enqueue({
			body: encodeAnthropicStream({ blocks: [{ type: "text", text: "Half an answer and then noth" }] }),
			stallAfterBytes: 400,
		});
		const { child, result } = fixture.start(["--model", WIRE_MODEL, "-p", "Tell me a long story"]);
		await fixture.waitForRequests(1);
		expect(fixture.server.requests).toHaveLength(1);
		child.kill("SIGINT");
		const ended = await result;
		expect(ended.code).toBe(130);

		const [file] = await fixture.sessionFiles();
		const manager = new SessionManager({ dir: fixture.kestrelHome, cwd: fixture.cwd });
		const session = await manager.open(file as string);
		expect(session.issues).toEqual([]);
		expect(session.buildContext().messages[0]).toMatchObject({
			role: "user",
			content: "Tell me a long story",
		});
		await session.close();
	});
});
