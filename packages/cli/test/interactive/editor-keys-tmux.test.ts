import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { answer, type CliFixture, createCliFixture, reply, WIRE_MODEL } from "../e2e/cli-fixture.js";
import { TmuxSession } from "./tmux-driver.js";

const MAIN = fileURLToPath(new URL("../../bin/kestrel.js", import.meta.url));

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

/** Starts kestrel in tmux and waits until the editor takes keys (a probe character shows in it). */
async function start(approve = "ask"): Promise<TmuxSession> {
	const session = await TmuxSession.start({
		cwd: fixture.cwd,
		env: { ...fixture.env, TERM: "xterm-256color", LANG: "C.UTF-8" },
		command: [process.execPath, MAIN, "--approve", approve, "--model", WIRE_MODEL],
	});
	await session.waitFor("· ready");
	await session.type("x");
	await session.waitFor(/│ › x\s/);
	await session.press("C-u");
	await session.waitFor(/│ › \s+│/);
	return session;
}

/** Polls the screen until `test` holds; fails with the last screen after `timeoutMs`. */
async function waitUntil(
	session: TmuxSession,
	what: string,
	test: (screen: string) => boolean,
	timeoutMs = 60_000,
) {
	const deadline = Date.now() + timeoutMs;
	let screen = "";
	while (Date.now() < deadline) {
		screen = await session.capture();
		if (test(screen)) return screen;
		await new Promise((resolve) => setTimeout(resolve, 50));
	}
	throw new Error(`Timed out waiting until ${what}. The screen:\n${screen}`);
}

const requestText = (index: number) => JSON.stringify(fixture.server.requests[index]?.body ?? null);
// biome-ignore lint/suspicious/noControlCharactersInRegex: the test looks for control characters.
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]|\\u00[01][0-9a-f]|\\u007f|\\b/;

describe("the prompt editor in a real terminal (tmux)", () => {
	it("welcomes with the model and folder; Backspaces and keys sent in one go edit, and no control character reaches the model or the session", async () => {
		fixture.server.enqueue(answer("Noted the tides."));
		tmux = await start();
		await tmux.waitFor(
			`kestrel · wire/claude-wire · ${fixture.cwd} · /help for help, / for commands, @ to attach files`,
		);

		await tmux.type("tides at sixxxx");
		await tmux.press("BSpace", "BSpace", "BSpace");
		await tmux.waitFor(/│ › tides at six\s+│/);
		// Keys and text in one send-keys: Ctrl+U clears, Home moves, Ctrl+W deletes a word.
		await tmux.type(" drafty");
		await tmux.press(
			"C-w",
			"o",
			"n",
			" ",
			"t",
			"h",
			"e",
			" ",
			"f",
			"l",
			"a",
			"t",
			"s",
			"BSpace",
			"Home",
			"M",
			"a",
			"p",
			" ",
		);
		await tmux.waitFor(/│ › Map tides at six on the flat\s+│/);
		await tmux.press("Enter");
		await tmux.waitFor("Noted the tides.");
		const body = requestText(0);
		expect(body).toContain('"Map tides at six on the flat"');
		expect(body).not.toMatch(CONTROL);
		const [sessionFile] = await fixture.sessionFiles();
		const sessionText = await readFile(sessionFile as string, "utf8");
		expect(sessionText).toContain("Map tides at six on the flat");
		expect(sessionText).not.toMatch(CONTROL);

		// Ctrl+U and text in one read: the editor is cleared, not given a control character.
		await tmux.type("old draft");
		await tmux.press("C-u", "n", "e", "w");
		await tmux.waitFor(/│ › new\s+│/);
	});

	it("reports an unknown /command with the closest names and sends nothing to the model", async () => {
		fixture.server.enqueue(answer("Only this one reached me."));
		tmux = await start();
		await tmux.type("/frobnicate");
		await tmux.press("Enter");
		await tmux.waitFor(
			/Unknown command \/frobnicate — did you mean \/\w+, \/\w+ or \/\w+\? \/help lists them all\./,
		);
		await tmux.type("/modle gpt");
		await tmux.press("Enter");
		await tmux.waitFor("Unknown command /modle — did you mean /model");
		// The next prompt is the first request the server sees.
		await tmux.type("a real question");
		await tmux.press("Enter");
		await tmux.waitFor("Only this one reached me.");
		expect(fixture.server.requests).toHaveLength(1);
		expect(requestText(0)).not.toContain("frobnicate");
		expect(requestText(0)).not.toContain("modle");
	});

	it("opens a / menu that filters as you type; Enter runs the selected command", async () => {
		tmux = await start();
		await tmux.type("/");
		await tmux.waitFor("write this session as HTML");
		await tmux.waitFor("summarise the conversation now");
		await tmux.type("s");
		// Only commands with an "s" are left: /session (it starts so) first, then /resume.
		const filtered = await waitUntil(
			tmux,
			"the menu is filtered",
			(screen) => !screen.includes("summarise the conversation now") && screen.includes("❯ /session"),
		);
		expect(filtered).toContain("/resume");
		expect(filtered).not.toContain("write this session as HTML");
		await tmux.press("Enter");
		await tmux.waitFor("messages: 0 user, 0 assistant");
		// Sent: the menu is closed.
		await waitUntil(tmux, "the menu closes", (screen) => !screen.includes("❯ /session"));
	});

	it("completes @paths with Tab: a folder, then a file in it, attached when sent", async () => {
		await mkdir(join(fixture.cwd, "tide-tables"));
		await writeFile(join(fixture.cwd, "tide-tables", "march.md"), "High water at 06:12.\n");
		await writeFile(join(fixture.cwd, "tide-tables", "may.md"), "High water at 07:40.\n");
		fixture.server.enqueue(answer("Read the March table."));
		tmux = await start();
		await tmux.type("summarise @tid");
		await tmux.press("Tab");
		await tmux.waitFor(/│ › summarise @tide-tables\/\s+│/);
		await tmux.type("ma");
		await tmux.press("Tab");
		// Two files fit: the names are listed.
		await tmux.waitFor(/march\.md\s+may\.md/);
		await tmux.type("r");
		await tmux.press("Tab");
		await tmux.waitFor(/│ › summarise @tide-tables\/march\.md\s+│/);
		await tmux.press("Enter");
		await tmux.waitFor("Read the March table.");
		expect(requestText(0)).toContain("High water at 06:12.");
	});

	it("shows a spinner with the elapsed seconds while the model works, and the tool while it runs", async () => {
		// A tool call, then an answer that never comes.
		fixture.server.enqueue(
			reply([
				{ type: "toolCall", id: "toolu_01", name: "bash", arguments: { command: "sleep 4; echo slept" } },
			]),
			{ body: answer("never").body, stallAfterBytes: 0 },
		);
		tmux = await start("all");
		await tmux.type("Wait for the tide");
		await tmux.press("Enter");
		await tmux.waitFor(/[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] running bash \ds · Esc aborts/);
		// The stalled answer: the clock goes on past one second.
		await tmux.waitFor(/[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] working [1-9]\d*s · Esc aborts/);
		await tmux.press("Escape");
		await tmux.waitFor("Aborted.");
		await tmux.waitFor("· ready");
	});
});
