import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { createBashTool } from "../../src/index.js";
import { isRunning, killMarked, printedPid, run, useTempDir } from "../helpers.js";

const marker = randomUUID();
afterEach(() => killMarked(marker));

describe("bash: the call settles when the shell exits", () => {
	const tempDir = useTempDir();
	const tool = () => createBashTool(tempDir(), { env: { KESTREL_TEST_MARKER: marker } });

	it("returns promptly when a background child keeps stdout open (`sleep 60 & echo ok`)", async () => {
		const startedAt = Date.now();
		const { text, result, details } = await run(tool(), { command: "sleep 60 & echo ok" });
		expect(text).toBe("ok");
		expect(result.isError).toBe(false);
		expect(details.status).toBe("exited");
		// What matters is not waiting for the 60 s sleep: 30 s of margin either way.
		expect(Date.now() - startedAt).toBeLessThan(30_000);
	});

	it("leaves a background process running after a normal exit", async () => {
		const { text } = await run(tool(), { command: "sleep 300 > /dev/null 2>&1 & echo $!" });
		const pid = printedPid(text);
		expect(isRunning(pid)).toBe(true);
		process.kill(pid, "SIGKILL");
	});

	it("closes stdin: a command that reads it gets end of file instead of waiting", async () => {
		const { text, result } = await run(tool(), { command: "cat; read line || echo eof" });
		expect(text).toBe("eof");
		expect(result.isError).toBe(false);
	});

	it("gives the command no controlling terminal, so nothing can prompt on /dev/tty", async () => {
		const { text } = await run(tool(), { command: "(: < /dev/tty) 2>/dev/null && echo tty || echo no tty" });
		expect(text).toBe("no tty");
	});
});
