import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";

const support = (name: string) => fileURLToPath(new URL(`./support/${name}`, import.meta.url));

/** A hard bound on the child: before grep ran patterns off the event loop, it never returned. */
const CHILD_LIMIT_MS = 60_000;

interface ChildRun {
	lines: Record<string, unknown>[];
	killed: boolean;
	stderr: string;
}

/** Runs the scenarios of grep-freeze-child.ts in a Node child process, killed at the bound. */
function runChild(): Promise<ChildRun> {
	return new Promise((resolve, reject) => {
		const child = spawn(
			process.execPath,
			[
				"--experimental-transform-types",
				"--no-warnings",
				"--import",
				support("register-typescript.mjs"),
				support("grep-freeze-child.ts"),
			],
			{ stdio: ["ignore", "pipe", "pipe"] },
		);
		let stdout = "";
		let stderr = "";
		child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
			stdout += chunk;
		});
		child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
			stderr += chunk;
		});
		let killed = false;
		const timer = setTimeout(() => {
			killed = true;
			child.kill("SIGKILL");
		}, CHILD_LIMIT_MS);
		child.on("error", reject);
		child.on("close", () => {
			clearTimeout(timer);
			const lines = stdout
				.split("\n")
				.filter((line) => line.startsWith("{"))
				.map((line) => JSON.parse(line) as Record<string, unknown>);
			resolve({ lines, killed, stderr });
		});
	});
}

it(
	"ends a catastrophically backtracking search on abort and at the time limit, with the event loop free",
	async () => {
		const run = await runChild();
		const printed = JSON.stringify(run, null, 1);
		expect(run.killed, `the child hung and was killed: ${printed}`).toBe(false);
		expect(run.stderr, printed).toBe("");
		expect(run.lines, printed).toHaveLength(3);
		const [aborted, timedOut, after] = run.lines;
		// Before: the abort never took effect (the match held the event loop for hours).
		expect(aborted).toMatchObject({ scenario: "abort", outcome: "AbortError" });
		expect(aborted?.msAfterAbort).toBeLessThan(10_000);
		expect(timedOut).toMatchObject({ scenario: "timeout", timedOut: true, isError: false });
		expect(timedOut?.ms).toBeLessThan(20_000);
		// The loop kept turning while the worker backtracked.
		expect(timedOut?.ticks).toBeGreaterThan(0);
		expect(timedOut?.text).toContain("a-quick.txt:1:aaaa");
		expect(timedOut?.text).toMatch(/\[Search stopped after its 3 s time limit while searching b-slow\.txt/);
		expect(after).toEqual({ scenario: "after", text: "a-quick.txt:1:aaaa" });
	},
	CHILD_LIMIT_MS + 30_000,
);
