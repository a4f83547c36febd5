// @kestrel/harness: a harness with a session on disk, a scripted model, and the session
// reopened from its file afterwards.
import assert from "node:assert/strict";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ProviderRegistry } from "@kestrel/ai";
import { createFauxProvider, fauxText } from "@kestrel/ai/testing";
import { AgentHarness, SessionManager } from "@kestrel/harness";

const dir = await mkdtemp(join(tmpdir(), "kestrel-consumer-harness-"));
try {
	const faux = createFauxProvider();
	faux.enqueue({ content: [fauxText("Reef the main before the squall.")] });
	const registry = new ProviderRegistry();
	registry.register(faux.provider);

	const manager = new SessionManager({ dir, cwd: dir });
	const session = await manager.create();
	const harness = new AgentHarness({
		session,
		model: faux.model(),
		streamFn: registry.stream.bind(registry),
		systemPrompt: "You are a sailing coach.",
	});
	const outcome = await harness.prompt("A squall is coming. What now?");
	assert.equal(outcome.kind, "completed");
	await session.close();

	const reopened = await manager.continueRecent();
	const messages = reopened.buildContext().messages;
	assert.equal(messages.length, 2);
	const answer = messages[1];
	assert.ok(answer?.role === "assistant" && answer.content[0]?.type === "text");
	assert.equal(answer.content[0].text, "Reef the main before the squall.");
	await reopened.close();
	console.log("harness: ok");
} finally {
	await rm(dir, { recursive: true, force: true });
}
