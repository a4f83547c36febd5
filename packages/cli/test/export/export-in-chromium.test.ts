import { existsSync } from "node:fs";
import { mkdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { SessionManager } from "@kestrel/harness";
import { type Browser, chromium } from "playwright-core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { answer, type CliFixture, createCliFixture, reply, WIRE_MODEL } from "../e2e/cli-fixture.js";

const CHROMIUM = "/usr/bin/chromium";
const ARTIFACTS = fileURLToPath(new URL("./artifacts/", import.meta.url));
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

describe("kestrel --export", () => {
	it("exports a real session with two branches that Chromium shows and switches between", async () => {
		if (!existsSync(CHROMIUM)) {
			throw new Error(`${CHROMIUM} is missing: run apt-get install -y chromium (the export test needs it).`);
		}
		// Turn one writes and edits a file; turn two continues with -c.
		fixture.server.enqueue(
			reply([
				{
					type: "toolCall",
					id: "toolu_01",
					name: "write",
					arguments: { path: "notes.txt", content: "tide at 6\n" },
				},
			]),
			reply([
				{
					type: "toolCall",
					id: "toolu_02",
					name: "edit",
					arguments: { path: "notes.txt", edits: [{ oldText: "tide at 6", newText: "tide at 7" }] },
				},
			]),
			answer("Wrote notes.txt and **fixed** the time."),
			answer("It says tide at 7."),
		);
		await kestrel(["--model", WIRE_MODEL, "--approve", "all", "-p", `Write the tide notes ${INJECTION}`]);
		await kestrel(["--model", WIRE_MODEL, "-c", "-p", "What does it say?"]);
		const [sessionFile] = await fixture.sessionFiles();
		if (!sessionFile) throw new Error("the runs wrote no session file");

		// Go back to the end of turn one and label it; a third run continues from there.
		const manager = new SessionManager({ dir: join(sessionFile, ".."), cwd: fixture.cwd });
		const session = await manager.open(sessionFile);
		const turnOneEnd = session
			.getBranch()
			.find(
				(entry) => entry.type === "message" && JSON.stringify(entry.message).includes("fixed** the time"),
			);
		if (!turnOneEnd) throw new Error("turn one's answer is not in the session");
		session.branch(turnOneEnd.id);
		session.setLabel(turnOneEnd.id, "notes written");
		await session.close();
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
		const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
		const dialogs: string[] = [];
		page.on("dialog", (dialog) => {
			dialogs.push(dialog.message());
			void dialog.dismiss();
		});
		const blocked: string[] = [];
		page.on("request", (request) => {
			if (!request.url().startsWith("file:")) blocked.push(request.url());
		});
		await page.goto(pathToFileURL(join(fixture.cwd, "out.html")).href);
		const entry = (text: string) => page.locator("main article", { hasText: text });

		// The current branch: turn one (with the edit's diff), then the third prompt.
		await expect.poll(() => page.locator(".tree .node").count(), { timeout: 30_000 }).toBe(treeEntries);
		expect(await page.locator(".tree .node.current").count()).toBe(1);
		expect(await page.locator(".tree .label", { hasText: "notes written" }).isVisible()).toBe(true);
		expect(await entry(`Write the tide notes ${INJECTION}`).isVisible()).toBe(true);
		expect(await page.locator("main .diff-add", { hasText: "+tide at 7" }).isVisible()).toBe(true);
		expect(await entry("Wrote notes.txt and fixed the time.").locator("strong").textContent()).toBe("fixed");
		expect(await entry("Yes, the tide is late today.").isVisible()).toBe(true);
		expect(await entry("What does it say?").isVisible()).toBe(false);

		// Click the tip of the other branch: its messages show, the current branch's hide.
		await page.locator(".tree .node", { hasText: "It says tide at 7." }).click();
		expect(await entry("What does it say?").isVisible()).toBe(true);
		expect(await entry("It says tide at 7.").isVisible()).toBe(true);
		expect(await entry(`Write the tide notes ${INJECTION}`).isVisible()).toBe(true);
		expect(await entry("Yes, the tide is late today.").isVisible()).toBe(false);
		expect(await entry("Is the tide late?").isVisible()).toBe(false);

		await mkdir(ARTIFACTS, { recursive: true });
		await page.screenshot({ path: join(ARTIFACTS, "export.png") });
		expect(dialogs).toEqual([]);
		expect(blocked).toEqual([]);
	});

	it("says what is wrong when the session file is missing", async () => {
		const result = await fixture.run(["--export", "missing.jsonl"]);
		expect(result.code).toBe(1);
		expect(result.stderr).toContain(`No session file at ${join(fixture.cwd, "missing.jsonl")}.`);
	});
});
