import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { answer, type CliFixture, createCliFixture, reply, WIRE_MODEL } from "../e2e/cli-fixture.js";
import { TmuxSession } from "./tmux-driver.js";

const MAIN = fileURLToPath(new URL("../../bin/kestrel.js", import.meta.url));
/** Several model turns and key presses each: a wide margin for a loaded machine. */
const SCENARIO_MS = 300_000;

let fixture: CliFixture;
let tmux: TmuxSession | undefined;

beforeEach(async () => {
	fixture = await createCliFixture();
});

afterEach(async () => {
	await tmux?.kill();
	tmux = undefined;
	await fixture.close();
});

async function startKestrel(): Promise<TmuxSession> {
	const session = await TmuxSession.start({
		cwd: fixture.cwd,
		env: { ...fixture.env, TERM: "xterm-256color", LANG: "C.UTF-8" },
		command: [process.execPath, MAIN, "--approve", "ask", "--model", WIRE_MODEL],
	});
	// A probe typed before Ink switched the terminal to raw mode would sit in the line
	// buffer: wait until it shows in the editor, then clear it.
	await session.waitFor("· ready");
	await session.type("x");
	await session.waitFor(/› x\s/);
	await session.press("C-u");
	await waitUntilGone(session, /› x\s/);
	return session;
}

async function waitUntilGone(session: TmuxSession, pattern: RegExp, timeoutMs = 60_000): Promise<void> {
	const deadline = Date.now() + timeoutMs;
	while (pattern.test(await session.capture())) {
		if (Date.now() > deadline) throw new Error(`${String(pattern)} is still on the screen`);
		await new Promise((resolve) => setTimeout(resolve, 50));
	}
}

/** Sends a prompt and waits until the model's answer shows. */
async function ask(session: TmuxSession, prompt: string): Promise<void> {
	await session.type(prompt);
	await session.press("Enter");
}

const bash = (id: string, command: string, text?: string) =>
	reply([
		...(text === undefined ? [] : [{ type: "text" as const, text }]),
		{ type: "toolCall" as const, id, name: "bash", arguments: { command } },
	]);

describe("tool calls and markdown in a real terminal (tmux)", () => {
	it(
		"renders markdown inside list items, shows a long bash output's last lines, and allows the same command for the session",
		async () => {
			const command = "seq -f row-%g 30";
			fixture.server.enqueue(
				bash("toolu_01", command, "Plan:\n\n- run `npm test` **now**\n  - then *check* it\n- done"),
				bash("toolu_02", command),
				answer("Rows done."),
				bash("toolu_03", "seq -f other-%g 2"),
				answer("Other done."),
			);
			tmux = await startKestrel();
			await ask(tmux, "Print the rows");
			const asking = await tmux.waitFor("Allow bash?");
			// The list reads as a list: bullets by depth, styles applied, no markdown source.
			expect(asking).toContain("• run npm test now");
			expect(asking).toContain("◦ then check it");
			expect(asking).not.toContain("`npm test`");
			expect(asking).not.toContain("**now**");
			// Each choice says what it allows.
			expect(asking).toContain("y allow this call, once");
			expect(asking).toContain(
				`c allow $ ${command} again, with exactly these arguments, for the rest of the session`,
			);
			expect(asking).toContain("a allow every bash call for the rest of the session");
			await tmux.type("c");
			// The second call is the same command: it runs without a question, and the turn ends.
			await tmux.waitFor("Rows done.");
			const done = await tmux.waitFor("· ready");
			// The output's last lines, with a note of the earlier ones left out.
			expect(done).toMatch(/^\s*row-30\s*$/m);
			expect(done).toMatch(/^\s*row-19\s*$/m);
			expect(done).not.toMatch(/^\s*row-18\s*$/m);
			expect(done).not.toMatch(/^\s*row-1\s*$/m);
			expect(done).toContain("… 18 earlier lines");
			expect(JSON.stringify(fixture.server.requests[2]?.body)).toContain("row-30");

			// Another command is asked again.
			await ask(tmux, "Print others");
			await tmux.waitFor(`Allow bash? $ seq -f other-%g 2`);
			await tmux.type("y");
			await tmux.waitFor("Other done.");
			expect(fixture.server.requests).toHaveLength(5);
		},
		SCENARIO_MS,
	);

	it(
		"numbers a new file's lines in the prompt and an edit's diff in its result, and draws /tree branches with connectors",
		async () => {
			const numbers = Array.from({ length: 30 }, (_, index) => `line ${index + 1}`).join("\n");
			await writeFile(join(fixture.cwd, "numbers.txt"), `${numbers}\n`);
			fixture.server.enqueue(
				reply([
					{
						type: "toolCall",
						id: "toolu_01",
						name: "write",
						arguments: { path: "plan.txt", content: "alpha\nbeta\n" },
					},
				]),
				reply([
					{
						type: "toolCall",
						id: "toolu_02",
						name: "edit",
						arguments: { path: "numbers.txt", edits: [{ oldText: "line 20", newText: "LINE 20" }] },
					},
				]),
				answer("Edited."),
				answer("Second branch."),
			);
			tmux = await startKestrel();
			await ask(tmux, "Write the plan");
			const writing = await tmux.waitFor("Allow write? plan.txt");
			expect(writing).toMatch(/^\W*1 \+alpha\W*$/m);
			expect(writing).toMatch(/^\W*2 \+beta\W*$/m);
			await tmux.type("y");
			await tmux.waitFor("Allow edit? numbers.txt");
			await tmux.type("y");
			await tmux.waitFor("Edited.");
			const edited = await tmux.waitFor("· ready");
			expect(await readFile(join(fixture.cwd, "numbers.txt"), "utf8")).toContain("LINE 20\n");
			// The diff's lines carry their numbers in the file, from its hunk header.
			expect(edited).toMatch(/^\s*17 {2}line 17$/m);
			expect(edited).toMatch(/^\s*20 -line 20$/m);
			expect(edited).toMatch(/^\s*20 \+LINE 20$/m);
			expect(edited).toMatch(/^\s*23 {2}line 23$/m);

			// Move back to before the first prompt's answer ended, and branch from there.
			await tmux.type("/tree");
			await tmux.press("Enter");
			await tmux.waitFor("Move to");
			await tmux.type("Write the plan");
			await tmux.waitFor("❯ user: Write the plan");
			await tmux.press("Enter");
			await tmux.waitFor("Summarise the branch");
			await tmux.type("n");
			await tmux.waitFor("Moved in the session tree");
			await tmux.press("C-u");
			await ask(tmux, "Another way");
			await tmux.waitFor("Second branch.");
			await tmux.waitFor("· ready");
			await tmux.type("/tree");
			await tmux.press("Enter");
			const tree = await tmux.waitFor("Move to");
			// The two first prompts are two branches; the first one's entries run beside a guide line.
			expect(tree).toMatch(/├─ user: Write the plan/);
			expect(tree).toMatch(/│ {2}assistant: → write/);
			expect(tree).toMatch(/└─ user: Another way/);
			expect(tree).toMatch(/ {3}assistant: Second branch\./);
			await tmux.press("Escape");
		},
		SCENARIO_MS,
	);
});
