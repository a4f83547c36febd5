import { spawn } from "node:child_process";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type CliFixture, type CliResult, createCliFixture, WIRE_MODEL } from "./cli-fixture.js";

const MAIN = fileURLToPath(new URL("../../bin/kestrel.js", import.meta.url));

let fixture: CliFixture;
beforeEach(async () => {
	fixture = await createCliFixture();
});
afterEach(async () => {
	await fixture.close();
});

describe("paths kestrel cannot use give a clear error, not an errno", () => {
	it("--session naming a folder says it is a folder, with its path", async () => {
		await mkdir(join(fixture.cwd, "sessions"));
		const result = await fixture.run(["--model", WIRE_MODEL, "--session", "sessions", "-p", "hi"]);
		expect(result.code).toBe(1);
		expect(result.stderr).toContain(`${join(fixture.cwd, "sessions")} is a folder, not a session file`);
		expect(result.stderr).not.toContain("EISDIR");
	});

	it("KESTREL_HOME naming a file says so, instead of acting as if nothing were configured", async () => {
		const file = join(fixture.cwd, "home-file");
		await writeFile(file, "");
		const result = await fixture.run(["--model", WIRE_MODEL, "-p", "hi"], { env: { KESTREL_HOME: file } });
		expect(result.code).toBe(1);
		expect(result.stderr).toContain(`Kestrel's folder ${file} (KESTREL_HOME) is not a folder`);
		expect(result.stderr).not.toContain("Unknown provider");
	});

	it("a working folder deleted under the shell is named as such, not as uv_cwd", async () => {
		const gone = join(fixture.cwd, "gone");
		await mkdir(gone);
		const child = spawn(
			"sh",
			["-c", 'cd "$GONE" && rmdir "$GONE" && exec "$NODE" "$MAIN" --model "$MODEL" -p hi'],
			{
				env: { ...fixture.env, GONE: gone, NODE: process.execPath, MAIN, MODEL: WIRE_MODEL },
				stdio: ["ignore", "pipe", "pipe"],
			},
		);
		let stderr = "";
		child.stderr.on("data", (chunk: Buffer) => {
			stderr += chunk.toString("utf8");
		});
		const result = await new Promise<Pick<CliResult, "code" | "stderr">>((resolve) =>
			child.on("close", (code) => resolve({ code, stderr })),
		);
		expect(result.code).toBe(1);
		expect(result.stderr).toContain("The working folder no longer exists");
		expect(result.stderr).not.toContain("uv_cwd");
	});

	it("a session folder that cannot be created names the folder", async () => {
		await writeFile(join(fixture.cwd, "file"), "");
		const dir = join(fixture.cwd, "file", "sessions");
		const result = await fixture.run(["--model", WIRE_MODEL, "--session-dir", dir, "-p", "hi"]);
		expect(result.code).toBe(1);
		expect(result.stderr).toContain(`Cannot create the session folder ${dir}`);
		expect(fixture.server.requests).toHaveLength(0);
	});
});
