import { access, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type CliFixture, createCliFixture } from "../e2e/cli-fixture.js";
import { TmuxSession } from "./tmux-driver.js";

const MAIN = fileURLToPath(new URL("../../bin/kestrel.js", import.meta.url));

let fixture: CliFixture;
let tmux: TmuxSession | undefined;

beforeEach(async () => {
	fixture = await createCliFixture({ modelsFile: false });
	await writeFile(join(fixture.cwd, "README.md"), "# Tide tables\n\nHigh and low water for the harbour.\n");
});

afterEach(async () => {
	await tmux?.kill();
	tmux = undefined;
	await fixture.close();
});

describe("kestrel --demo in a real terminal (tmux)", () => {
	it("says it is scripted, asks before the write with its content shown, writes on y, refuses the command on n", async () => {
		tmux = await TmuxSession.start({
			cwd: fixture.cwd,
			env: { ...fixture.env, TERM: "xterm-256color", LANG: "C.UTF-8" },
			command: [process.execPath, MAIN, "--demo"],
		});
		await tmux.waitFor("kestrel/scripted-demo");
		// Wait until the editor takes keys (see interactive-tmux.test.ts).
		await tmux.waitFor("· ready");
		await tmux.type("x");
		await tmux.waitFor(/│ › x\s/);
		await tmux.press("C-u");
		await tmux.waitFor(/│ › \s+│/);

		await tmux.type("hi");
		await tmux.press("Enter");
		const asking = await tmux.waitFor("Allow write?");
		expect(asking).toContain("not an AI");
		expect(asking).toContain("High and low water for the harbour.");
		// The change is shown before the answer.
		expect(asking).toContain("+# Kestrel demo");
		expect(await exists(join(fixture.cwd, "KESTREL_DEMO.md"))).toBe(false);
		await tmux.type("y");

		await tmux.waitFor("Allow bash?");
		expect(await readFile(join(fixture.cwd, "KESTREL_DEMO.md"), "utf8")).toContain("kestrel --demo");
		await tmux.type("n");
		// A denial asks for an optional reason for the model.
		await tmux.waitFor("Reason for the model");
		await tmux.press("Enter");
		// The whole final answer is in once the status line says ready again.
		const end = await tmux.waitFor(/That was the tour\.[\s\S]*kestrel --help[\s\S]*· ready/);
		expect(end).toContain("● write KESTREL_DEMO.md");
		// The final answer (its markdown rendered) tells what happened.
		expect(end).toContain("write created KESTREL_DEMO.md");
		expect(end).toMatch(/and was refused — the user denied this\s+bash\s+call\./);
		// The command shows, its output does not: it never ran.
		expect(end).toContain("$ echo 'Hello from the Kestrel demo'");
		expect(end).not.toMatch(/^\s*Hello from the Kestrel demo\s*$/m);
	});
});

function exists(path: string): Promise<boolean> {
	return access(path).then(
		() => true,
		() => false,
	);
}
