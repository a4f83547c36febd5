import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type CliFixture, createCliFixture } from "../e2e/cli-fixture.js";
import {
	answer,
	exchange as exchangeIn,
	moveInTree,
	type RequestBody,
	send,
	startKestrel as startKestrelIn,
	waitUntilTyping,
} from "./kestrel-in-tmux.js";
import type { TmuxSession } from "./tmux-driver.js";

let fixture: CliFixture;
const sessions: TmuxSession[] = [];

beforeEach(async () => {
	fixture = await createCliFixture();
	// A model that thinks, so that /thinking has levels to set.
	const path = join(fixture.kestrelHome, "models.json");
	const modelsFile = JSON.parse(await readFile(path, "utf8"));
	modelsFile.providers.wire.models[0].reasoning = true;
	await writeFile(path, JSON.stringify(modelsFile, null, 2));
});

afterEach(async () => {
	for (const session of sessions.splice(0)) await session.kill();
	await fixture.close();
});

async function startKestrel(args: string[] = []): Promise<TmuxSession> {
	const session = await startKestrelIn(fixture, args);
	sessions.push(session);
	return session;
}

function request(index: number): RequestBody {
	const recorded = fixture.server.requests[index];
	if (!recorded) throw new Error(`No request ${index}: only ${fixture.server.requests.length} arrived.`);
	return recorded.body as RequestBody;
}

const exchange = (session: TmuxSession, prompt: string, reply: string) =>
	exchangeIn(fixture, session, prompt, reply);

interface FileLine {
	type: string;
	id?: string;
	parentId?: string | null;
	message?: { role: string; content: unknown };
	parentSession?: { id: string; path?: string };
}

async function readSessionFile(path: string): Promise<FileLine[]> {
	return (await readFile(path, "utf8"))
		.split("\n")
		.filter((line) => line.trim() !== "")
		.map((line) => JSON.parse(line) as FileLine);
}

async function waitForSessionFiles(count: number): Promise<string[]> {
	// A margin for a loaded machine: the files are usually there at once.
	const deadline = Date.now() + 60_000;
	while (Date.now() < deadline) {
		const files = await fixture.sessionFiles();
		if (files.length >= count) return files;
		await new Promise((resolve) => setTimeout(resolve, 50));
	}
	throw new Error(`Expected ${count} session files, found ${(await fixture.sessionFiles()).length}.`);
}

const text = (value: unknown) => JSON.stringify(value);

describe("interactive sessions in a real terminal (tmux)", () => {
	it("moves in the tree with and without a summary, compacts with instructions, and sets thinking", async () => {
		const tmux = await startKestrel();
		await waitUntilTyping(tmux);

		await exchange(tmux, "first question about tides", "Answer one about tides.");
		await exchange(tmux, "second question about moons", "Answer two about moons.");

		// /tree back to the first answer, without a summary: a new branch starts there.
		await moveInTree(tmux, "Answer one", /❯\s+assistant: Answer one about tides\./);
		const branched = await exchange(tmux, "branch question about stars", "Answer on the stars branch.");
		expect(branched.messages.map((message) => message.role)).toEqual(["user", "assistant", "user"]);
		expect(text(branched.messages)).toContain("first question about tides");
		expect(text(branched.messages)).toContain("Answer one about tides.");
		expect(text(branched.messages)).toContain("branch question about stars");
		expect(text(branched.messages)).not.toContain("moons");

		const [sessionFile] = await fixture.sessionFiles();
		const lines = await readSessionFile(sessionFile as string);
		const answerOne = lines.find(
			(line) => line.message?.role === "assistant" && text(line.message.content).includes("Answer one"),
		);
		const children = lines.filter((line) => answerOne && line.parentId === answerOne.id);
		expect(children.map((child) => text(child.message?.content))).toEqual([
			expect.stringContaining("second question about moons"),
			expect.stringContaining("branch question about stars"),
		]);

		// /tree to the moons answer, with a summary of the stars branch being left.
		fixture.server.enqueue(answer("Branch summary: the user asked about the stars."));
		await send(tmux, "/tree");
		await tmux.waitFor("Move to (Enter)");
		await tmux.type("Answer two");
		// The branch being filtered to is drawn with its tree connectors (`│  `).
		await tmux.waitFor(/❯\s+(?:[│├└─]\s*)*assistant: Answer two about moons\./);
		await tmux.press("Enter");
		await tmux.waitFor("Summarise the branch you are leaving");
		await tmux.type("y");
		await tmux.waitFor("── Moved in the session tree");
		const branchSummaryRequest = request(fixture.server.requests.length - 1);
		expect(text(branchSummaryRequest.system)).toMatch(/summar/i);
		expect(text(branchSummaryRequest.messages)).toContain("branch question about stars");
		const afterBranch = await exchange(tmux, "back on the moons path", "Answer after the branch summary.");
		expect(text(afterBranch.messages)).toContain("Branch summary: the user asked about the stars.");
		expect(text(afterBranch.messages)).toContain("<summary>");
		expect(text(afterBranch.messages)).toContain("second question about moons");
		expect(text(afterBranch.messages)).not.toContain("Answer on the stars branch.");

		// /compact with instructions: the summary request carries them; the next request starts with the summary.
		fixture.server.enqueue(answer("Compact summary: tides, moons and stars were discussed."));
		const summaryIndex = fixture.server.requests.length;
		await send(tmux, "/compact focus on the moons");
		await tmux.waitFor("Compacted by summary");
		const compactRequest = request(summaryIndex);
		expect(text(compactRequest.system)).toMatch(/summar/i);
		expect(text(compactRequest.messages)).toContain("focus on the moons");
		const afterCompact = await exchange(tmux, "what did we cover", "Answer after compaction.");
		expect(text(afterCompact.messages[0])).toContain("<summary>");
		expect(text(afterCompact.messages[0])).toContain("Compact summary: tides, moons and stars");
		expect(afterCompact.thinking).toBeUndefined();

		// /thinking low: the status line and the next request's thinking budget.
		await send(tmux, "/thinking low");
		await tmux.waitFor("Thinking: low");
		await tmux.waitFor("wire/claude-wire · thinking low");
		const thinking = await exchange(tmux, "think about it", "Answer with some thought.");
		expect(thinking.thinking).toEqual({ type: "enabled", budget_tokens: 2048 });

		await send(tmux, "/quit");
		await tmux.waitFor("[exited 0]");
	});

	it("attaches @files, shows /session, and starts, resumes and forks sessions; -r resumes at start-up", async () => {
		await writeFile(join(fixture.cwd, "tides.md"), "The tide table: high water at 06:12.\n");
		const tmux = await startKestrel();
		await waitUntilTyping(tmux);
		const [firstFile] = await waitForSessionFiles(1);

		// @path attaches the file; /session shows the file and the token totals.
		const attached = await exchange(tmux, "Summarise @tides.md please", "The tide is high at 06:12.");
		await tmux.waitFor("attached @tides.md (37 bytes)");
		expect(text(attached.messages)).toContain("The tide table: high water at 06:12.");
		await send(tmux, "/session");
		await tmux.waitFor("tokens: 120 in, 30 out, 0 cache read, 0 cache write; 150 total");
		expect(await tmux.capture()).toContain(`file: ${firstFile}`);

		// /new: a new file, and a request with only the new prompt.
		await send(tmux, "/new");
		await tmux.waitFor("── New session");
		const files = await waitForSessionFiles(2);
		const secondFile = files.find((file) => file !== firstFile) as string;
		expect(await tmux.capture()).toContain(`── New session ${secondFile} ──`);
		await tmux.waitFor(/thinking off · ctx \d+% · 0 tok · \$0\.0000 · ready/);
		const fresh = await exchange(tmux, "a fresh start", "Answer in the new session.");
		expect(fresh.messages).toHaveLength(1);
		expect(text(fresh.messages)).not.toContain("tide");

		// /resume lists the first session; Enter resumes it.
		await send(tmux, "/resume");
		await tmux.waitFor("Resume a session");
		await tmux.waitFor(/❯ Summarise @tides\.md please/);
		await tmux.press("Enter");
		await tmux.waitFor(`── Resumed ${firstFile} ──`);
		const resumed = await exchange(tmux, "and the low tide?", "Low tide is at 12:30.");
		expect(resumed.messages.map((message) => message.role)).toEqual(["user", "assistant", "user"]);
		expect(text(resumed.messages)).toContain("The tide table: high water at 06:12.");
		expect(text(resumed.messages)).not.toContain("a fresh start");

		// /fork: a third file whose header names the first session as its parent.
		await send(tmux, "/fork");
		await tmux.waitFor("Forked into");
		const forkFile = (await waitForSessionFiles(3)).find(
			(file) => file !== firstFile && file !== secondFile,
		) as string;
		const [header] = await readSessionFile(forkFile);
		expect(header?.type).toBe("session");
		expect(header?.parentSession?.path).toBe(firstFile);
		const forked = await exchange(tmux, "continue in the fork", "Answer in the fork.");
		expect(text(forked.messages)).toContain("Low tide is at 12:30.");
		await send(tmux, "/quit");
		await tmux.waitFor("[exited 0]");

		// kestrel -r: the picker opens at start-up; Enter resumes the most recent session (the fork).
		const again = await startKestrel(["-r"]);
		await again.waitFor("Resume a session");
		await again.waitFor(/❯ Summarise @tides\.md please/);
		await again.press("Enter");
		await again.waitFor(`── Resumed ${forkFile} ──`);
		// The status line counts the resumed session's tokens (3 answers of 150).
		await again.waitFor(/wire\/claude-wire · thinking off · ctx \d+% · 450 tok/);
		await waitUntilTyping(again);
		const afterRestart = await exchange(again, "one more about the fork", "Answer after -r.");
		expect(text(afterRestart.messages)).toContain("continue in the fork");
		expect(text(afterRestart.messages)).toContain("Answer in the fork.");
		await send(again, "/quit");
		await again.waitFor("[exited 0]");
	});

	it("keeps pasted line breaks in the editor (bracketed paste), and /tree puts a picked user message back", async () => {
		const tmux = await startKestrel();
		await waitUntilTyping(tmux);

		// A paste of several lines, then a one-line paste ending in a line break: neither is sent.
		await tmux.paste("pasted line one\npasted line two\n");
		await tmux.waitFor(/│ › pasted line one\s+│\n│ {3}pasted line two\s+│/);
		await tmux.paste("just one line\n");
		await tmux.waitFor(/│ {3}just one line\s+│/);
		expect(fixture.server.requests).toHaveLength(0);
		const index = fixture.server.requests.length;
		fixture.server.enqueue(answer("Got the pasted lines."));
		await tmux.press("Enter");
		await tmux.waitFor("Got the pasted lines.");
		await tmux.waitFor("· ready");
		expect(request(index).messages.at(-1)?.content).toEqual([
			expect.objectContaining({ type: "text", text: "pasted line one\npasted line two\njust one line" }),
		]);

		// Picking the user message in /tree moves before it and puts its text back to edit.
		await exchange(tmux, "a question to ask again", "The first answer.");
		await send(tmux, "/tree");
		await tmux.waitFor("Move to (Enter)");
		await tmux.type("to ask again");
		await tmux.waitFor(/❯\s+user: a question to ask again/);
		await tmux.press("Enter");
		await tmux.waitFor("Summarise the branch you are leaving");
		await tmux.type("n");
		await tmux.waitFor(/│ › a question to ask again\s+│/);
		const again = await exchange(tmux, " (again)", "The second answer.");
		expect(again.messages.map((message) => message.role)).toEqual(["user", "assistant", "user"]);
		expect(text(again.messages.at(-1)?.content)).toContain("a question to ask again (again)");
		expect(text(again.messages)).not.toContain("The first answer.");
	});
});
