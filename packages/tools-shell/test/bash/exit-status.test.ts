import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createBashTool } from "../../src/index.js";
import { run, useTempDir } from "../helpers.js";

describe("bash: exit status and working directory", () => {
	const tempDir = useTempDir();

	it("a zero exit is a plain result with the output", async () => {
		const { text, result, details } = await run(createBashTool(tempDir()), { command: "echo hello" });
		expect(text).toBe("hello");
		expect(result.isError).toBe(false);
		expect(details).toMatchObject({ status: "exited", exitCode: 0, signal: null, command: "echo hello" });
	});

	it("a non-zero exit is an error result with the output and the code", async () => {
		const { text, result, details } = await run(createBashTool(tempDir()), {
			command: "echo 'build failed'; exit 3",
		});
		expect(result.isError).toBe(true);
		expect(text).toBe("build failed\n\nCommand exited with code 3.");
		expect(details).toMatchObject({ status: "exited", exitCode: 3 });
	});

	it("reports a shell killed by a signal, with the signal", async () => {
		const { text, result, details } = await run(createBashTool(tempDir()), {
			command: "echo before; kill -KILL $$",
		});
		expect(result.isError).toBe(true);
		expect(details).toMatchObject({ status: "killed", exitCode: null, signal: "SIGKILL" });
		expect(text).toBe("before\n\nCommand was killed by signal SIGKILL.");
	});

	it("explains an exit code of 128 + N as a child killed by signal N", async () => {
		const { text, details } = await run(createBashTool(tempDir()), {
			command: "sh -c 'kill -KILL $$'; exit $?",
		});
		expect(details.exitCode).toBe(137);
		expect(text).toContain(
			"Command exited with code 137 (128 + 9: a process was probably killed by SIGKILL).",
		);
	});

	it("runs in root", async () => {
		const root = tempDir();
		const { text, details } = await run(createBashTool(root), { command: "pwd -P" });
		expect(text).toBe(root);
		expect(details.cwd).toBe(root);
	});

	it("says (no output) when there is none", async () => {
		expect((await run(createBashTool(tempDir()), { command: "true" })).text).toBe("(no output)");
	});

	it("fails with a clear message when root does not exist", async () => {
		const tool = createBashTool(join(tempDir(), "missing"));
		await expect(run(tool, { command: "true" })).rejects.toThrow(/working directory .* does not exist/);
	});
});
