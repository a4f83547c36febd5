import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { type BashTool, createBashTool, createLocalShellOperations } from "../../src/index.js";
import { isRunning, printedPid, type Run, run, useTempDir, waitUntilGone } from "../helpers.js";

// The shell prints the pid of a child it started, then waits for it.
const spawnsChild = "sleep 300 & echo $!; wait";

/**
 * Runs `command` with the tool's timeout on a fake clock, and lets `timeoutMs` pass on it
 * once the command has printed a pid: by then it has started its child (and set its
 * traps), however long a loaded machine took to get there.
 */
async function runUntilTimeout(tool: BashTool, command: string, timeoutMs: number): Promise<Run> {
	vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
	try {
		let printed!: () => void;
		const pidPrinted = new Promise<void>((resolve) => {
			printed = resolve;
		});
		const running = run(tool, { command, timeout: timeoutMs / 1000 }, undefined, (text) => {
			if (/^\d+$/m.test(text)) printed();
		});
		await Promise.race([pidPrinted, running]);
		vi.advanceTimersByTime(timeoutMs);
		return await running;
	} finally {
		vi.useRealTimers();
	}
}

describe("bash: timeouts and aborts stop the whole process group", () => {
	const tempDir = useTempDir();

	it("a timeout kills the command and the child it spawned", async () => {
		const { text, result, details } = await runUntilTimeout(createBashTool(tempDir()), spawnsChild, 1000);
		const pid = printedPid(text);
		expect(result.isError).toBe(true);
		expect(details.status).toBe("timed_out");
		expect(details.timeoutMs).toBe(1000);
		expect(text).toContain("Command timed out after 1 s");
		expect(isRunning(pid)).toBe(false);
		expect(await waitUntilGone(pid)).toBe(true);
		expect(() => process.kill(pid, 0)).toThrow();
	});

	it("an abort kills the command and the child it spawned", async () => {
		const controller = new AbortController();
		const tool = createBashTool(tempDir(), { updateIntervalMs: 10 });
		const { text, result, details } = await run(
			tool,
			{ command: spawnsChild },
			controller.signal,
			(partial) => {
				if (/^\d+$/m.test(partial)) controller.abort();
			},
		);
		const pid = printedPid(text);
		expect(result.isError).toBe(true);
		expect(details.status).toBe("aborted");
		expect(text).toContain("Command aborted");
		expect(isRunning(pid)).toBe(false);
		expect(await waitUntilGone(pid)).toBe(true);
		expect(() => process.kill(pid, 0)).toThrow();
	});

	it("sends SIGKILL after the grace period to a group that ignores SIGTERM", async () => {
		const tool = createBashTool(tempDir(), { operations: createLocalShellOperations({ killGraceMs: 200 }) });
		const { text, details } = await runUntilTimeout(tool, `trap '' TERM; ${spawnsChild}`, 500);
		expect(details.status).toBe("timed_out");
		expect(details.signal).toBe("SIGKILL");
		expect(isRunning(printedPid(text))).toBe(false);
	});

	it("clamps the timeout argument to maxTimeoutMs", async () => {
		const tool = createBashTool(tempDir(), { maxTimeoutMs: 300 });
		const { details } = await run(tool, { command: "sleep 30", timeout: 3600 });
		expect(details.timeoutMs).toBe(300);
		expect(details.status).toBe("timed_out");
	});

	it("applies defaultTimeoutMs when the call gives no timeout, and also when it gives a non-positive one", async () => {
		const tool = createBashTool(tempDir(), { defaultTimeoutMs: 300 });
		expect((await run(tool, { command: "sleep 30" })).details).toMatchObject({
			status: "timed_out",
			timeoutMs: 300,
		});
		expect((await run(tool, { command: "true", timeout: 0 })).details.timeoutMs).toBe(300);
	});

	it("runs nothing when the signal is already aborted", async () => {
		const root = tempDir();
		const controller = new AbortController();
		controller.abort();
		const { result, details } = await run(createBashTool(root), { command: "touch ran" }, controller.signal);
		expect(result.isError).toBe(true);
		expect(details.status).toBe("aborted");
		expect(existsSync(join(root, "ran"))).toBe(false);
	});
});
