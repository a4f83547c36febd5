import { readdir } from "node:fs/promises";
import { dirname } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { answer, type CliFixture, createCliFixture, WIRE_MODEL } from "./cli-fixture.js";

let fixture: CliFixture;
beforeEach(async () => {
	fixture = await createCliFixture();
});
afterEach(async () => {
	await fixture.close();
});

describe("a reader that goes away (kestrel … | head)", () => {
	for (const [mode, code] of [
		[["-p"], 0],
		[["--mode", "json"], 141],
	] as const) {
		it(`${mode.join(" ")}: exits quietly (${code}) and releases the session lock`, async () => {
			fixture.server.enqueue(answer("The tide turns at seven."));
			const { child, result } = fixture.start(["--model", WIRE_MODEL, ...mode, "When is the tide?"]);
			// Closed before kestrel has started, so its every write meets a closed pipe.
			child.stdout?.destroy();
			const ended = await result;
			expect(ended.stderr).toBe("");
			expect(ended.code).toBe(code);
			const [file] = await fixture.sessionFiles();
			expect(file).toBeDefined();
			const left = await readdir(dirname(file as string));
			expect(left.filter((name) => name.endsWith(".lock"))).toEqual([]);
		});
	}
});
