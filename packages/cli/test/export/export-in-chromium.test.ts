import { existsSync } from "node:fs";
import { mkdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { createShellCommandMessage, SessionManager } from "@kestrel/harness";
import { type Browser, chromium, type Page } from "playwright-core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { answer, type CliFixture, createCliFixture, reply, WIRE_MODEL } from "../e2e/cli-fixture.js";

const CHROMIUM = "/usr/bin/chromium";
/** Screenshots of the exported page, kept as test artifacts (gitignored). */
const RESULTS = fileURLToPath(new URL("../../.test-results/", import.meta.url));
const INJECTION = "</script><script>alert(1)</script>";

let fixture: CliFixture;
let browser: Browser | undefined;
beforeEach(async () => {
	fixture = await createCliFixture();
});
afterEach(async () => {
	await browser?.close();
	await fixture.close();
});

/** Runs `kestrel args…` and expects it to succeed. */
async function kestrel(args: string[]): Promise<string> {
	const result = await fixture.run(args);
	expect(result.stderr).toBe("");
	expect(result.code).toBe(0);
	return result.stdout;
}

/** One tool call as a whole model reply. */
const call = (id: string, name: string, args: Record<string, unknown>) =>
	reply([{ type: "toolCall", id, name, arguments: args }]);

/** The computed value of a CSS property of the first element `selector` matches. */
function style(page: Page, selector: string, property: string): Promise<string> {
	return page
		.locator(selector)
		.first()
		.evaluate(
			(element, name) =>
				(globalThis as unknown as BrowserWindow).getComputedStyle(element).getPropertyValue(name),
			property,
		);
}

/** The part of the page's `window` used here (the tests compile without the DOM library). */
interface BrowserWindow {
	getComputedStyle(element: unknown): { getPropertyValue(name: string): string };
}

describe("kestrel --export", () => {
	it("exports a realistic session (edits, commands, shell, compaction, branches) that Chromium shows", async () => {
		if (!existsSync(CHROMIUM)) {
			throw new Error(`${CHROMIUM} is missing: run apt-get install -y chromium (the export test needs it).`);
		}
		// Turn one writes and edits a file and runs a failing and a passing command, for real.
		fixture.server.enqueue(
			call("toolu_01", "write", { path: "notes.txt", content: "tide at 6\nwind from the west\n" }),
			call("toolu_02", "edit", {
				path: "notes.txt",
				edits: [{ oldText: "tide at 6", newText: "tide at 7" }],
			}),
			call("toolu_03", "bash", { command: "grep -q 'tide at 8' notes.txt" }),
			call("toolu_04", "bash", { command: "grep -c tide notes.txt" }),
			answer("Wrote notes.txt and **fixed** the time; the check for 8 fails as it should."),
			answer("It says tide at 7."),
		);
		await kestrel(["--model", WIRE_MODEL, "--approve", "all", "-p", `Fix the tide notes ${INJECTION}`]);
		const [sessionFile] = await fixture.sessionFiles();
		if (!sessionFile) throw new Error("the run wrote no session file");

		// The user runs `!cat notes.txt`, then compacts: what the interactive app stores for both.
		const manager = new SessionManager({ dir: join(sessionFile, ".."), cwd: fixture.cwd });
		const session = await manager.open(sessionFile);
		const shell = session.appendMessage(
			createShellCommandMessage({
				command: "cat notes.txt",
				output: "tide at 7\nwind from the west\n",
				exitCode: 0,
			}),
		);
		const compaction = session.appendCompaction({
			summary: "## Goal\nKeep the **tide notes** right.",
			firstKeptEntryId: shell.id,
			tokensBefore: 12_400,
			tokensAfter: 900,
			reason: "manual",
			method: "summary",
		});
		session.setLabel(compaction.id, "compacted");
		await session.close();
		await kestrel(["--model", WIRE_MODEL, "-c", "-p", "What does it say?"]);

		// Back to the compaction: a third run continues from there, on a second branch.
		const again = await manager.open(sessionFile);
		again.branch(compaction.id);
		await again.close();
		fixture.server.enqueue(answer("Yes, the tide is late today."));
		await kestrel(["--model", WIRE_MODEL, "--session", sessionFile, "-p", "Is the tide late?"]);

		expect(await kestrel(["--export", sessionFile, "out.html"])).toBe(
			`Exported ${sessionFile} to ${join(fixture.cwd, "out.html")}\n`,
		);
		const html = await readFile(join(fixture.cwd, "out.html"), "utf8");
		expect(html).not.toContain("sk-wire-secret-key");
		const exported = await manager.open(sessionFile, { readOnly: true });
		const treeEntries = exported.getEntries().filter((entry) => "parentId" in entry).length;
		await exported.close();

		browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox"] });
		const page = await browser.newPage({ viewport: { width: 1280, height: 2000 } });
		const dialogs: string[] = [];
		page.on("dialog", (dialog) => {
			dialogs.push(dialog.message());
			void dialog.dismiss();
		});
		const blocked: string[] = [];
		page.on("request", (request) => {
			if (!request.url().startsWith("file:")) blocked.push(request.url());
		});
		await page.emulateMedia({ colorScheme: "light" });
		await page.goto(pathToFileURL(join(fixture.cwd, "out.html")).href);
		const entry = (text: string) => page.locator("main article", { hasText: text });
		const toolRow = (summary: string) =>
			page.locator("main article.entry-tool", { has: page.locator(".tool-summary", { hasText: summary }) });

		// The first prompt is the title.
		await expect.poll(() => page.locator(".tree .node").count(), { timeout: 30_000 }).toBe(treeEntries);
		expect(await page.locator("h1").textContent()).toBe(`Fix the tide notes ${INJECTION}`);
		expect(await page.title()).toBe(`Fix the tide notes ${INJECTION} · kestrel`);
		expect(await page.locator(".session-details table").isVisible()).toBe(false);

		// The edit: one row `edit notes.txt` with its diff; the arguments are folded until asked for.
		const edit = toolRow("notes.txt").filter({ has: page.locator(".diff") });
		expect(await edit.locator(".tool-name").textContent()).toBe("edit");
		expect(await edit.locator(".diff-add", { hasText: "+tide at 7" }).isVisible()).toBe(true);
		expect(await edit.locator(".tool-args pre").isVisible()).toBe(false);
		expect(await page.locator("details.tool-args[open]").count()).toBe(0);

		// The failing command is marked as an error in red; the passing one is not.
		const failing = toolRow("$ grep -q 'tide at 8' notes.txt");
		const passing = toolRow("$ grep -c tide notes.txt");
		expect(await failing.getAttribute("class")).toContain("tool-error");
		expect(await failing.locator(".badge-error").isVisible()).toBe(true);
		expect(await failing.locator(".tool-facts").textContent()).toMatch(/^exit 1 · \d+\.\d s$/);
		expect(await passing.getAttribute("class")).not.toContain("tool-error");
		expect(await passing.locator(".tool-facts").textContent()).toMatch(/^exit 0 · /);
		expect(await passing.locator(".tool-output").textContent()).toBe("1");
		const red = await style(page, ".badge-error", "background-color");
		expect(await style(page, ".tool-error", "border-left-color")).toBe(red);
		expect(await style(page, ".entry-tool:not(.tool-error)", "border-left-color")).not.toBe(red);

		// The user's shell command looks like a terminal; the compaction is shown with its figures.
		const shellEntry = page.locator("main article.entry-shell");
		expect(await shellEntry.locator(".shell-command").textContent()).toBe("$ cat notes.txt");
		expect(await shellEntry.locator(".shell-output").textContent()).toBe("tide at 7\nwind from the west");
		expect(await style(page, ".entry-shell", "background-color")).not.toBe(
			await style(page, "body", "background-color"),
		);
		expect(await entry("12,400 → 900 tokens").isVisible()).toBe(true);

		// The current branch ends with the third run; the second run's answer is on the other.
		expect(await page.locator(".tree .node.current").count()).toBe(1);
		expect(await page.locator(".tree .label", { hasText: "compacted" }).isVisible()).toBe(true);
		expect(await entry("Wrote notes.txt and fixed the time").locator("strong").textContent()).toBe("fixed");
		expect(await entry("Yes, the tide is late today.").isVisible()).toBe(true);
		expect(await entry("What does it say?").isVisible()).toBe(false);

		await mkdir(RESULTS, { recursive: true });
		await page.screenshot({ path: join(RESULTS, "export-screenshot.png") });

		// The dark theme follows the system's.
		const lightBackground = await style(page, "body", "background-color");
		await page.emulateMedia({ colorScheme: "dark" });
		expect(await style(page, "body", "background-color")).not.toBe(lightBackground);
		await page.screenshot({ path: join(RESULTS, "export-screenshot-dark.png") });

		// A call's arguments unfold on a click.
		await edit.locator(".tool-args > summary").click();
		expect(await edit.locator(".tool-args pre", { hasText: '"newText": "tide at 7"' }).isVisible()).toBe(
			true,
		);

		// Click the tip of the other branch: its messages show, the current branch's hide.
		await page.locator(".tree .node", { hasText: "It says tide at 7." }).click();
		expect(await entry("What does it say?").isVisible()).toBe(true);
		expect(await entry("It says tide at 7.").isVisible()).toBe(true);
		expect(await entry(`Fix the tide notes ${INJECTION}`).isVisible()).toBe(true);
		expect(await entry("Yes, the tide is late today.").isVisible()).toBe(false);
		expect(await entry("Is the tide late?").isVisible()).toBe(false);

		expect(dialogs).toEqual([]);
		expect(blocked).toEqual([]);
	});

	it("says what is wrong when the session file is missing", async () => {
		const result = await fixture.run(["--export", "missing.jsonl"]);
		expect(result.code).toBe(1);
		expect(result.stderr).toContain(`No session file at ${join(fixture.cwd, "missing.jsonl")}.`);
	});
});
