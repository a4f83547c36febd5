/**
 * Run by grep-freeze.test.ts in a child process, which the test kills if it hangs: grep
 * with a pattern that would backtrack for hours on one line, ended by an abort and by
 * grep's time limit. Prints one JSON line per scenario. The JavaScript engine is chosen:
 * ripgrep's regex engine runs in linear time, so it never needs ending.
 */
import * as fs from "node:fs/promises";
import { tmpdir } from "node:os";
import * as nodePath from "node:path";
import { createGrepTool } from "../../src/grep/grep-tool.js";

const CATASTROPHIC = "^(a+)+$";

function report(line: Record<string, unknown>): void {
	process.stdout.write(`${JSON.stringify(line)}\n`);
}

const root = await fs.mkdtemp(nodePath.join(tmpdir(), "kestrel-grep-freeze-"));
// Counts event-loop turns while a search runs: a blocked loop counts none.
let ticks = 0;
const ticker = setInterval(() => ticks++, 10);
try {
	await fs.writeFile(nodePath.join(root, "a-quick.txt"), "aaaa\n");
	// Forty `a`s and a `!`: about 2^40 steps for a backtracking engine.
	await fs.writeFile(nodePath.join(root, "b-slow.txt"), `${"a".repeat(40)}!\n`);

	{
		const tool = createGrepTool(root, { engine: "javascript", timeoutMs: Number.POSITIVE_INFINITY });
		const controller = new AbortController();
		let abortedAt = 0;
		setTimeout(() => {
			abortedAt = performance.now();
			ticks = 0;
			controller.abort();
		}, 300);
		let outcome: string;
		try {
			await tool.execute("call_1", { pattern: CATASTROPHIC }, controller.signal, () => undefined);
			outcome = "returned";
		} catch (error) {
			outcome = error instanceof Error ? error.name : String(error);
		}
		report({ scenario: "abort", outcome, msAfterAbort: Math.round(performance.now() - abortedAt) });
	}

	{
		// One file at a time: a-quick.txt is found before b-slow.txt holds the worker, however the reads interleave.
		const tool = createGrepTool(root, { engine: "javascript", timeoutMs: 3000, concurrency: 1 });
		// A first search starts the tool's worker, so that the time limit below is not
		// spent starting a thread on a busy machine.
		await tool.execute(
			"call_2",
			{ pattern: "quick", literal: true },
			new AbortController().signal,
			() => undefined,
		);
		const started = performance.now();
		ticks = 0;
		const result = await tool.execute(
			"call_3",
			{ pattern: CATASTROPHIC },
			new AbortController().signal,
			() => undefined,
		);
		const block = result.content[0];
		report({
			scenario: "timeout",
			ms: Math.round(performance.now() - started),
			ticks,
			timedOut: result.details.timedOut === true,
			isError: result.isError === true,
			text: block?.type === "text" ? block.text : "",
		});
		// The same tool searches again after its worker was terminated.
		const again = await tool.execute(
			"call_4",
			{ pattern: "^a{4}$" },
			new AbortController().signal,
			() => undefined,
		);
		const next = again.content[0];
		report({ scenario: "after", text: next?.type === "text" ? next.text : "" });
	}
} finally {
	clearInterval(ticker);
	await fs.rm(root, { recursive: true, force: true });
}
