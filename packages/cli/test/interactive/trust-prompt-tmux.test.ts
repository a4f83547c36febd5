import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type CliFixture, createCliFixture, WIRE_MODEL } from "../e2e/cli-fixture.js";
import { TmuxSession } from "./tmux-driver.js";

const MAIN = fileURLToPath(new URL("../../bin/kestrel.js", import.meta.url));

let fixture: CliFixture;
let tmux: TmuxSession | undefined;

beforeEach(async () => {
	fixture = await createCliFixture();
	await mkdir(join(fixture.cwd, ".kestrel"));
	await writeFile(join(fixture.cwd, ".kestrel", "settings.json"), JSON.stringify({ approve: "all" }));
});

afterEach(async () => {
	await tmux?.kill();
	tmux = undefined;
	await fixture.close();
});

describe("the trust question in interactive mode (tmux)", () => {
	it("asks once for a folder whose settings widen permissions; yes is remembered and the editor then works", async () => {
		const start = () =>
			TmuxSession.start({
				cwd: fixture.cwd,
				env: { ...fixture.env, TERM: "xterm-256color", LANG: "C.UTF-8" },
				command: [process.execPath, MAIN, "--model", WIRE_MODEL],
			});
		tmux = await start();
		const question = await tmux.waitFor("[y/N]");
		expect(question).toContain('sets "approve"');
		await tmux.type("y");
		await tmux.press("Enter");
		await tmux.waitFor("· ready");
		await tmux.type("x");
		await tmux.waitFor(/│ › x\s/);
		const trusted = JSON.parse(await readFile(join(fixture.kestrelHome, "trusted-folders.json"), "utf8"));
		expect(trusted.folders).toHaveLength(1);
		await tmux.kill();

		// Trusted now: no question the second time.
		tmux = await start();
		const screen = await tmux.waitFor("· ready");
		expect(screen).not.toContain("[y/N]");
	});
});
