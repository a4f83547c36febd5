import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ProviderRegistry } from "@kestrel/ai";
import { createFauxProvider, fauxText } from "@kestrel/ai/testing";
import { AgentHarness, type Session, SessionManager } from "@kestrel/harness";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { CliApp } from "../../src/app/cli-app.js";
import { sessionHistory } from "../../src/interactive/format/session-history.js";
import { InteractiveController } from "../../src/interactive/interactive-controller.js";

let dir: string;
beforeEach(async () => {
	dir = await mkdtemp(join(tmpdir(), "kestrel-shell-entry-"));
});
afterEach(async () => {
	await rm(dir, { recursive: true, force: true });
});

/** A real harness on a session file, talking to a scripted provider; the rest of `CliApp` faked. */
async function harnessApp() {
	const manager = new SessionManager({ dir: join(dir, "sessions"), cwd: dir });
	const session = await manager.create();
	const faux = createFauxProvider({ deltaSize: 64 });
	const registry = new ProviderRegistry();
	registry.register(faux.provider);
	const harness = new AgentHarness({
		session,
		model: faux.model(),
		streamFn: (model, context, options) => registry.stream(model, context, options),
		systemPrompt: "You read what the user ran.",
	});
	const app = {
		cwd: dir,
		harness,
		approvals: {},
		get session(): Session {
			return harness.session;
		},
		stats: () => ({ contextTokens: 0, contextWindow: 200_000, tokens: { total: 0 }, cost: 0 }),
		describeRunError: (outcome: { message: string }) => outcome.message,
		describeFailure: (failure: { message: string }) => failure.message,
	};
	return { manager, session, faux, harness, app: app as unknown as CliApp };
}

const userTexts = (messages: readonly { role: string; content: unknown }[]) =>
	messages
		.filter((message) => message.role === "user")
		.map((message) =>
			typeof message.content === "string"
				? message.content
				: (message.content as { text?: string }[]).map((block) => block.text ?? "").join(""),
		);

describe("!command through the harness", () => {
	it("is persisted by the harness, shown once from its event, and read by the next model call", async () => {
		const { manager, session, faux, app } = await harnessApp();
		const controller = new InteractiveController(app);
		controller.start();

		await controller.submit("!echo shell-says-hi; exit 4");
		const shellItems = () => controller.store.getState().items.filter((item) => item.kind === "shell");
		expect(shellItems()).toEqual([
			expect.objectContaining({
				command: "echo shell-says-hi; exit 4",
				output: "shell-says-hi\n",
				exitCode: 4,
			}),
		]);

		faux.enqueue({ content: [fauxText("It said hi.")] });
		await controller.submit("What did it print?");
		const request = faux.requests[0];
		const texts = userTexts(request?.context.messages ?? []);
		expect(texts).toHaveLength(2);
		expect(texts[0]).toContain("`echo shell-says-hi; exit 4`");
		expect(texts[0]).toContain("exit code 4");
		expect(texts[0]).toContain("shell-says-hi");
		expect(texts[1]).toBe("What did it print?");
		// Still once, after the run's own events.
		expect(shellItems()).toHaveLength(1);
		controller.dispose();

		const path = session.path as string;
		await session.close();
		const reopened = await manager.open(path);
		const messages = reopened
			.getBranch()
			.flatMap((entry) => (entry.type === "message" ? [entry.message] : []));
		expect(messages.map((message) => message.role)).toEqual(["shell", "user", "assistant"]);
		expect(messages[0]).toMatchObject({ role: "shell", command: "echo shell-says-hi; exit 4", exitCode: 4 });
		// A resumed session shows it once too.
		expect(sessionHistory(reopened).filter((item) => item.kind === "shell")).toHaveLength(1);
		await reopened.close();
	});

	it("records a command stopped with Esc as cancelled", async () => {
		const { app, harness } = await harnessApp();
		const controller = new InteractiveController(app);
		controller.start();
		const done = controller.submit("!exec sleep 30");
		expect(controller.working).toBe(true);
		controller.abort();
		await done;
		const [message] = harness.state().messages;
		expect(message).toMatchObject({ role: "shell", cancelled: true, exitCode: null });
		controller.dispose();
	});
});
