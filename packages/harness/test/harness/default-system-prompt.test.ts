import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { SessionManager } from "../../src/index.js";
import { harnessFor, scriptedModel } from "./support/scripted.js";

let dir: string | undefined;
afterEach(async () => {
	if (dir) await rm(dir, { recursive: true, force: true });
	dir = undefined;
});

describe("the default system prompt", () => {
	it("carries the guidelines given to the harness", async () => {
		dir = await mkdtemp(join(tmpdir(), "kestrel-prompt-"));
		const scripted = scriptedModel({ agent: () => ({ content: [{ type: "text", text: "ok" }] }) });
		const { harness } = await harnessFor(scripted, {
			session: await SessionManager.inMemory({ cwd: dir }).create(),
			systemPrompt: undefined,
			guidelines: ["Always answer in haiku."],
		});
		await harness.prompt("Hello?");
		expect(scripted.agentRequests()[0]?.context.systemPrompt).toContain("Always answer in haiku.");
	});
});
