import { appendFile, rm, writeFile } from "node:fs/promises";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { answer, type CliFixture, createCliFixture, WIRE_MODEL } from "./cli-fixture.js";

let fixture: CliFixture;
beforeEach(async () => {
	fixture = await createCliFixture();
});
afterEach(async () => {
	await fixture.close();
});

/** Runs one prompt in a new session and returns the session file. */
async function firstSession(): Promise<string> {
	fixture.server.enqueue(answer("The tide turns at seven."));
	const result = await fixture.run(["--model", WIRE_MODEL, "-p", "When is the tide?"]);
	expect(result.code).toBe(0);
	const [file] = await fixture.sessionFiles();
	return file as string;
}

describe("damaged session files", () => {
	it("-c refuses, naming the file and why, when the most recent session cannot be opened", async () => {
		await firstSession();
		// A newer session file: written by a newer kestrel, then one with a broken header.
		for (const [content, reason] of [
			[
				`{"type":"session","version":99,"id":"x","timestamp":"2030-01-01T00:00:00Z","cwd":"/"}\n`,
				"version 99",
			],
			['{"type":"sess\n', "not a session file"],
		] as const) {
			const before = await fixture.sessionFiles();
			fixture.server.enqueue(answer("A new session."));
			await fixture.run(["--model", WIRE_MODEL, "-p", "Start over"]);
			const newest = (await fixture.sessionFiles()).find((file) => !before.includes(file)) as string;
			expect(newest).toBeDefined();
			await writeFile(newest, content);
			const requestsBefore = fixture.server.requests.length;
			const result = await fixture.run(["--model", WIRE_MODEL, "-c", "-p", "And tomorrow?"]);
			expect(result.code).toBe(1);
			expect(result.stderr).toContain(`${newest}: the most recent session cannot be continued`);
			expect(result.stderr).toContain(reason);
			expect(result.stderr).toContain("Run without -c for a new session");
			expect(fixture.server.requests).toHaveLength(requestsBefore);
			expect(await fixture.sessionFiles()).toHaveLength(2);
			await rm(newest);
		}
	});

	it("lines skipped when loading a session are reported on stderr, and the run goes on", async () => {
		const file = await firstSession();
		await appendFile(file, 'this is not JSON\n{"type":"message","id":"zz"}\n');
		fixture.server.enqueue(answer("Tomorrow at eight."));
		const result = await fixture.run(["--model", WIRE_MODEL, "--session", file, "-p", "And tomorrow?"]);
		expect(result.code).toBe(0);
		expect(result.stdout).toBe("Tomorrow at eight.\n");
		expect(result.stderr).toContain(`warning: ${file} was loaded with 2 problems`);
		expect(result.stderr).toMatch(/line \d+: not JSON/);
	});
});
