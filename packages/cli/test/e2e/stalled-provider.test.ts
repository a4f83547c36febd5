import { writeFile } from "node:fs/promises";
import { join } from "node:path";
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

const silentAfterHeaders = () => ({
	body: encodeAnthropicStream({ blocks: [{ type: "text", text: "never sent" }] }),
	stallAfterBytes: 0,
});

describe("a provider that sends headers and then nothing", () => {
	it("is given up on after --first-byte-timeout, and retried only within --max-stall", async () => {
		fixture.server.enqueue(
			silentAfterHeaders(),
			silentAfterHeaders(),
			silentAfterHeaders(),
			silentAfterHeaders(),
		);
		const result = await fixture.run([
			"--model",
			WIRE_MODEL,
			"--first-byte-timeout",
			"0.3",
			"--max-stall",
			"0.5",
			"-p",
			"hi",
		]);
		expect(result.code).toBe(1);
		expect(result.stderr).toContain("sent nothing for");
		expect(result.stderr).toContain("and the limit (maxStallMs) is 0.5 s");
		// However busy the machine, the 0.5 s are spent within two attempts, never four.
		expect(fixture.server.requests.length).toBeLessThanOrEqual(2);
	});

	it("takes the timeouts from settings.json", async () => {
		fixture.server.enqueue(silentAfterHeaders(), silentAfterHeaders());
		await writeFile(
			join(fixture.kestrelHome, "settings.json"),
			JSON.stringify({ timeouts: { firstByteMs: 1_000, maxStallMs: 1_000 } }),
		);
		const result = await fixture.run(["--model", WIRE_MODEL, "-p", "hi"]);
		expect(result.code).toBe(1);
		expect(result.stderr).toContain("sent nothing for 1000 ms before the first stream event");
		expect(result.stderr).toContain("the limit (maxStallMs) is 1 s");
		// The first timeout spends the whole limit: no retry.
		expect(fixture.server.requests.length).toBeLessThanOrEqual(1);
	});

	it("refuses a timeout flag that is not a number of seconds", async () => {
		const result = await fixture.run(["--model", WIRE_MODEL, "--idle-timeout", "soon", "-p", "hi"]);
		expect(result.code).toBe(2);
		expect(result.stderr).toContain("--idle-timeout");
	});
});
