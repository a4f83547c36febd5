import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type CliFixture, createCliFixture } from "../e2e/cli-fixture.js";
import { createStoreDatabase, type StoreDatabase } from "../e2e/postgres-store.js";
import { exchange, moveInTree, send, startKestrel, waitUntilTyping } from "./kestrel-in-tmux.js";
import type { TmuxSession } from "./tmux-driver.js";

let fixture: CliFixture;
let store: StoreDatabase;
const terminals: TmuxSession[] = [];

beforeEach(async () => {
	fixture = await createCliFixture();
	store = await createStoreDatabase();
});
afterEach(async () => {
	for (const terminal of terminals.splice(0)) await terminal.kill();
	await fixture.close();
	await store.drop();
});

async function start(args: string[] = []): Promise<TmuxSession> {
	const terminal = await startKestrel(fixture, ["--session-store", store.url, ...args]);
	terminals.push(terminal);
	return terminal;
}

const text = (value: unknown) => JSON.stringify(value);

describe("sessions in PostgreSQL, interactively (tmux)", () => {
	it("/tree starts a branch, /fork copies it, and kestrel -r resumes the fork from the store", async () => {
		const tmux = await start();
		await waitUntilTyping(tmux);
		await exchange(fixture, tmux, "first question about tides", "Answer one about tides.");
		await exchange(fixture, tmux, "second question about moons", "Answer two about moons.");

		// /tree back to the first answer, without a summary: the next prompt starts a branch there.
		await moveInTree(tmux, "Answer one", /❯\s+assistant: Answer one about tides\./);
		const branched = await exchange(
			fixture,
			tmux,
			"branch question about stars",
			"Answer on the stars branch.",
		);
		expect(branched.messages.map((message) => message.role)).toEqual(["user", "assistant", "user"]);
		expect(text(branched.messages)).not.toContain("moons");

		// The tree, read back from the store, has both branches under the first answer.
		await send(tmux, "/tree");
		await tmux.waitFor("Move to (Enter)");
		// Both branches are rows of the picker, drawn with connectors.
		await tmux.waitFor(/[├└]─.*user: second question about moons/);
		await tmux.waitFor(/[├└]─.*user: branch question about stars/);
		await tmux.press("Escape");

		await send(tmux, "/fork");
		await tmux.waitFor("Forked into pg:");
		await exchange(fixture, tmux, "continue in the fork", "Answer in the fork.");
		await send(tmux, "/quit");
		await tmux.waitFor("[exited 0]");

		const [fork, original] = await store.sessions();
		expect(original?.messageCount).toBe(6);
		expect(fork?.path).toMatch(/^pg:/);
		expect((await store.header(fork?.path as string)).parentSession?.path).toBe(original?.path);

		// kestrel -r: the picker lists the store's sessions; Enter resumes the most recent (the fork).
		const again = await start(["-r"]);
		await again.waitFor("Resume a session");
		await again.waitFor(/❯ first question about tides/);
		await again.press("Enter");
		await again.waitFor(`── Resumed ${fork?.path} ──`);
		await waitUntilTyping(again);
		const resumed = await exchange(fixture, again, "one more in the fork", "Answer after -r.");
		expect(text(resumed.messages)).toContain("branch question about stars");
		expect(text(resumed.messages)).toContain("continue in the fork");
		expect(text(resumed.messages)).not.toContain("moons");
		await send(again, "/quit");
		await again.waitFor("[exited 0]");
		expect(await fixture.sessionFiles()).toEqual([]);
	});
});
