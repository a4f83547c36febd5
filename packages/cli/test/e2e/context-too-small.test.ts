import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { answer, type CliFixture, createCliFixture } from "./cli-fixture.js";

let fixture: CliFixture;
beforeEach(async () => {
	fixture = await createCliFixture();
	// A second model on the wire server with a window smaller than kestrel's prompt and tools.
	const file = join(fixture.kestrelHome, "models.json");
	const models = JSON.parse(await readFile(file, "utf8"));
	models.providers.wire.models.push({ id: "claude-tiny", contextWindow: 2_048, maxTokens: 512 });
	await writeFile(file, JSON.stringify(models, null, 2));
});
afterEach(async () => {
	await fixture.close();
});

describe("a model whose window is too small for the system prompt and tools", () => {
	it("stops kestrel -p before any request, saying how to shrink the prompt or pick a larger model", async () => {
		fixture.server.enqueue(answer("never sent"));
		const result = await fixture.run(["--model", "wire/claude-tiny", "-p", "Hi"]);

		expect(result.code).not.toBe(0);
		expect(result.stdout).toBe("");
		expect(result.stderr).toMatch(
			/The system prompt and the definitions of \d+ tools take about [\d,]+ tokens/,
		);
		expect(result.stderr).toContain("2,048-token context window of wire/claude-tiny");
		expect(result.stderr).toContain("--tools <names>");
		expect(result.stderr).toContain("--no-tools");
		expect(result.stderr).toContain("--model <provider/id> picks a model with a larger window");
		expect(result.stderr).not.toMatch(/prepareNextTurn|HarnessError|compaction|context_too_small/);
		expect(fixture.server.requests).toHaveLength(0);
	});

	it("runs once the prompt is small enough: --no-tools", async () => {
		fixture.server.enqueue(answer("Hello."));
		const result = await fixture.run(["--model", "wire/claude-tiny", "--no-tools", "-p", "Hi"]);
		expect(result.stderr).toBe("");
		expect(result.stdout).toBe("Hello.\n");
	});
});
