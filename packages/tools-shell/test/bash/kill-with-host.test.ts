import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { isRunning, useTempDir } from "../helpers.js";

const host = fileURLToPath(new URL("../support/host.mjs", import.meta.url));

/** Polls until none of `pids` runs (zombies count as gone), up to `timeoutMs`. */
async function allGone(pids: number[], timeoutMs: number): Promise<boolean> {
	const deadline = Date.now() + timeoutMs;
	while (pids.some(isRunning)) {
		if (Date.now() > deadline) return false;
		await new Promise((resolve) => setTimeout(resolve, 100));
	}
	return true;
}

describe.skipIf(process.platform === "win32")("bash: a running command dies with its host", () => {
	const tempDir = useTempDir();

	it("SIGKILL of the host process kills the command's shell and the child it started", async () => {
		// The shell prints its own pid and its child's, then waits for the child.
		const command = 'sleep 300 & echo "$$ $!"; echo ready; wait';
		const child = spawn(process.execPath, [host, tempDir(), command], {
			stdio: ["ignore", "pipe", "inherit"],
		});
		let output = "";
		child.stdout.on("data", (chunk: Buffer) => {
			output += chunk.toString();
		});
		const deadline = Date.now() + 30_000;
		while (!/^ready$/m.test(output) && Date.now() < deadline && child.exitCode === null)
			await new Promise((resolve) => setTimeout(resolve, 50));
		const match = /^(\d+) (\d+)$/m.exec(output);
		expect(match, `host output: ${output}`).not.toBeNull();
		const pids = [Number(match![1]), Number(match![2])];
		try {
			expect(pids.every(isRunning)).toBe(true);
			const exited = new Promise((resolve) => child.once("exit", resolve));
			child.kill("SIGKILL");
			await exited;
			expect(await allGone(pids, 30_000)).toBe(true);
		} finally {
			for (const pid of pids) {
				try {
					process.kill(pid, "SIGKILL");
				} catch {}
			}
		}
	});
});
