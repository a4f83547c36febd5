import { readFileSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import type { HarnessEvent } from "@kestrel/harness";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { CliApp } from "../../src/app/cli-app.js";
import { keyPress } from "../../src/interactive/input/key-press.js";
import { MAX_SHELL_OUTPUT_CHARS, runShellCommand } from "../../src/interactive/input/run-shell-command.js";
import { InteractiveController } from "../../src/interactive/interactive-controller.js";

const EMOJI = "\u{1F600}"; // 4 bytes of UTF-8: f0 9f 98 80
const node = JSON.stringify(process.execPath);
const never = () => new AbortController().signal;

let dir: string;
beforeEach(async () => {
	dir = await mkdtemp(join(tmpdir(), "kestrel-shell-"));
});
afterEach(async () => {
	await rm(dir, { recursive: true, force: true });
});

/** Whether `pid` still runs (a zombie does not: it is only waiting to be reaped). */
function isRunning(pid: number): boolean {
	if (process.platform === "linux") {
		try {
			const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
			const state = stat.slice(stat.lastIndexOf(")") + 2).split(" ", 1)[0];
			return state !== "Z" && state !== "X";
		} catch {
			return false;
		}
	}
	try {
		process.kill(pid, 0);
		return true;
	} catch {
		return false;
	}
}

/** The pid a command wrote to `file`, once it is there. */
async function pidFrom(file: string): Promise<number> {
	for (;;) {
		const text = await readFile(file, "utf8").catch(() => "");
		if (/^\d+\n$/.test(text)) return Number(text);
		await delay(20);
	}
}

describe("runShellCommand", () => {
	it("merges stdout and stderr and reports the exit code", async () => {
		const result = await runShellCommand("echo out; echo err >&2; exit 3", dir, never());
		expect(result.exitCode).toBe(3);
		expect(result.truncated).toBe(false);
		expect(result.output.split("\n").sort()).toEqual(["", "err", "out"]);
	});

	it("decodes a character whose bytes arrive in two writes", async () => {
		// Octal escapes: dash's printf has no \x.
		const result = await runShellCommand("printf '\\360\\237'; sleep 0.1; printf '\\230\\200'", dir, never());
		expect(result).toEqual({ output: EMOJI, exitCode: 0, truncated: false });
	});

	it("keeps the end of a long output, with no character cut in half", async () => {
		// 80 KB in 64 KiB pipe reads: the boundary falls inside an emoji.
		const script = `process.stdout.write("a" + ${JSON.stringify(EMOJI)}.repeat(20000) + "b")`;
		const result = await runShellCommand(`${node} -e '${script}'`, dir, never());
		expect(result.exitCode).toBe(0);
		expect(result.truncated).toBe(true);
		expect(result.output).not.toContain("\uFFFD");
		// The last MAX characters would start with the second half of a surrogate pair.
		expect(result.output).toBe(`${EMOJI.repeat(MAX_SHELL_OUTPUT_CHARS / 2 - 1)}b`);
	});

	it("stops the command and what it started when the signal fires", async () => {
		const abort = new AbortController();
		const running = runShellCommand("sleep 30 & echo $! > sleep.pid; wait", dir, abort.signal);
		const pid = await pidFrom(join(dir, "sleep.pid"));
		expect(isRunning(pid)).toBe(true);
		abort.abort();
		const result = await running;
		expect(result.exitCode).toBeNull();
		expect(isRunning(pid)).toBe(false);
	});

	it("reports a working directory that does not exist", async () => {
		const result = await runShellCommand("echo hi", join(dir, "missing"), never());
		expect(result.exitCode).toBeNull();
		expect(result.output).toContain("does not exist");
	});
});

/** The parts of `CliApp` the controller uses for prompts and `!commands`, with an idle harness. */
function fakeApp(cwd: string) {
	const app = {
		cwd,
		harness: {
			subscribe: (_listener: (event: HarnessEvent) => void) => () => {},
			model: { provider: "wire", id: "claude-wire" },
			thinkingLevel: "off",
			running: false,
			prompt: vi.fn(async () => ({})),
			steer: vi.fn(),
			followUp: vi.fn(),
			abort: vi.fn(),
			clearQueues: vi.fn(() => ({ steering: [], followUp: [] })),
			recordShellCommand: vi.fn(async () => ({})),
			toolPacks: { commands: () => [] },
		},
		approvals: {},
		stats: vi.fn(() => ({ contextTokens: 0, contextWindow: 200_000, tokens: { total: 0 }, cost: 0 })),
		describeRunError: (outcome: { message: string }) => outcome.message,
	};
	return { app, cliApp: app as unknown as CliApp };
}

describe("the interactive controller and !commands", () => {
	it("is working while a !command runs: prompts wait, and Esc stops it", async () => {
		const { app, cliApp } = fakeApp(dir);
		const controller = new InteractiveController(cliApp);
		controller.start();
		const done = controller.submit("!sleep 30 & echo $! > sleep.pid; wait");
		const pid = await pidFrom(join(dir, "sleep.pid"));
		expect(controller.working).toBe(true);
		expect(controller.store.getState().status.working).toBe(true);

		await controller.submit("what now?");
		expect(app.harness.prompt).not.toHaveBeenCalled();
		expect(app.harness.steer).not.toHaveBeenCalled();
		expect(controller.store.getState().editor.text).toBe("what now?");

		controller.handleKey("", keyPress({ escape: true }));
		await done;
		expect(isRunning(pid)).toBe(false);
		expect(controller.working).toBe(false);
		expect(controller.store.getState().status.working).toBe(false);
		const items = controller.store.getState().items;
		expect(items.some((item) => item.kind === "error" && item.text.includes("!command is running"))).toBe(
			true,
		);
		// Recorded through the harness, as stopped by the user; its events put it on the screen.
		expect(app.harness.recordShellCommand).toHaveBeenCalledTimes(1);
		expect(app.harness.recordShellCommand).toHaveBeenCalledWith(
			expect.objectContaining({
				command: "sleep 30 & echo $! > sleep.pid; wait",
				exitCode: null,
				cancelled: true,
			}),
		);
		expect(app.harness.abort).not.toHaveBeenCalled();
		controller.dispose();
	});

	it("reads the status again after a !command, not after sending a prompt", async () => {
		const { app, cliApp } = fakeApp(dir);
		const controller = new InteractiveController(cliApp);
		controller.start();
		const reads = app.stats.mock.calls.length;
		await controller.submit("hello");
		expect(app.harness.prompt).toHaveBeenCalledTimes(1);
		expect(app.stats.mock.calls.length).toBe(reads);
		await controller.submit("!echo hi");
		expect(app.stats.mock.calls.length).toBe(reads + 1);
		controller.dispose();
	});
});
