import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { anthropicErrorResponse } from "@kestrel/ai/testing";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { answer, type CliFixture, createCliFixture, reply, WIRE_MODEL } from "./cli-fixture.js";

let fixture: CliFixture;
beforeEach(async () => {
	fixture = await createCliFixture();
});
afterEach(async () => {
	await fixture.close();
});

const modelsFileKey = "sk-wire-secret-key"; // WIRE_TEST_KEY, named by models.json
const envKey = "sk-openai-env-secret-1";
const flagKey = "sk-flag-secret-2";

/** The key the first request carried (`x-api-key` or a bearer token). */
function sentKey(fixture: CliFixture): string {
	const headers = fixture.server.requests[0]?.headers ?? {};
	return `${headers["x-api-key"] ?? ""}${headers.authorization ?? ""}`.replace(/^Bearer /, "");
}

/** A model turn whose bash call copies what a command can see of kestrel into files. */
function snoopThenAnswer() {
	const command = [
		"env > own-env",
		'cat "/proc/$PPID/environ" > parent-environ',
		'cat "/proc/$PPID/cmdline" > parent-cmdline',
		'echo "[$WIRE_TEST_KEY][$OPENAI_API_KEY]" > own-vars',
	].join("; ");
	return [
		reply([{ type: "toolCall", id: "toolu_snoop", name: "bash", arguments: { command } }]),
		answer("Looked around."),
	];
}

describe("keys and the bash tool", () => {
	it("a command gets no key variable, including the one models.json names", async () => {
		fixture.server.enqueue(...snoopThenAnswer());
		const result = await fixture.run(["--model", WIRE_MODEL, "--approve", "all", "-p", "Look around"], {
			env: { OPENAI_API_KEY: envKey },
		});
		expect(result.stderr).toBe("");
		expect(result.code).toBe(0);
		expect(await readFile(join(fixture.cwd, "own-vars"), "utf8")).toBe("[][]\n");
		const ownEnv = await readFile(join(fixture.cwd, "own-env"), "utf8");
		expect(ownEnv).not.toContain("WIRE_TEST_KEY");
		expect(ownEnv).not.toContain(modelsFileKey);
		// The key still reached the provider.
		expect(sentKey(fixture)).toBe(modelsFileKey);
	});

	it.skipIf(process.platform !== "linux")(
		"a command cannot read the keys from kestrel's /proc/<pid>/environ or /proc/<pid>/cmdline",
		async () => {
			fixture.server.enqueue(...snoopThenAnswer());
			const result = await fixture.run(
				["--model", WIRE_MODEL, "--approve", "all", "--api-key", flagKey, "-p", "Look around"],
				{ env: { OPENAI_API_KEY: envKey } },
			);
			expect(result.stderr).toBe("");
			expect(result.code).toBe(0);
			const environ = await readFile(join(fixture.cwd, "parent-environ"), "utf8");
			const cmdline = await readFile(join(fixture.cwd, "parent-cmdline"), "utf8");
			// The files are kestrel's: its arguments are there, minus the key.
			expect(cmdline).toContain("kestrel.js");
			expect(cmdline).toContain("Look around");
			expect(environ).toContain("KESTREL_HOME=");
			for (const key of [modelsFileKey, envKey, flagKey]) {
				expect(environ).not.toContain(key);
				expect(cmdline).not.toContain(key);
			}
			// The flag's key was the one sent, taken over by the re-executed process.
			expect(sentKey(fixture)).toBe(flagKey);
		},
	);
});

describe("keys are redacted", () => {
	it("from tool output, a provider error that echoes the key, the terminal, the session file and the export", async () => {
		// A file in the workspace holds the key (an .env, a shell profile): the model reads it with bash.
		await writeFile(join(fixture.cwd, "deploy.env"), `WIRE=${modelsFileKey}\n`);
		fixture.server.enqueue(
			reply([{ type: "toolCall", id: "toolu_cat", name: "bash", arguments: { command: "cat deploy.env" } }]),
			anthropicErrorResponse(401, { message: `invalid x-api-key ${modelsFileKey}` }),
		);
		const result = await fixture.run(["--model", WIRE_MODEL, "--approve", "all", "-p", "Show the env file"]);
		expect(result.code).toBe(1);
		expect(result.stderr).toContain("invalid x-api-key [REDACTED:WIRE_TEST_KEY]");
		expect(`${result.stdout}${result.stderr}`).not.toContain(modelsFileKey);
		// The tool result went to the model redacted.
		const second = JSON.stringify(fixture.server.requests[1]?.body);
		expect(second).toContain("WIRE=[REDACTED:WIRE_TEST_KEY]");
		expect(second).not.toContain(modelsFileKey);
		const [sessionFile] = await fixture.sessionFiles();
		const sessionText = await readFile(sessionFile as string, "utf8");
		expect(sessionText).toContain("[REDACTED:WIRE_TEST_KEY]");
		expect(sessionText).not.toContain(modelsFileKey);
		const out = join(fixture.cwd, "session.html");
		const exported = await fixture.run(["--export", sessionFile as string, out]);
		expect(exported.code).toBe(0);
		const html = await readFile(out, "utf8");
		expect(html).toContain("[REDACTED:WIRE_TEST_KEY]");
		expect(html).not.toContain(modelsFileKey);
	});
});
