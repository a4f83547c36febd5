import { mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach } from "vitest";
import type { BashTool, BashToolDetails } from "../src/index.js";

type Result = Awaited<ReturnType<BashTool["execute"]>>;

export interface Run {
	result: Result;
	text: string;
	details: BashToolDetails;
	/** Every update, including any that arrives later (the array stays live). */
	updates: { text: string; details: BashToolDetails }[];
	/** How many updates arrived after `execute` settled so far (the contract: none). */
	lateUpdates: () => number;
}

/** Runs one call and collects its updates. */
export async function run(
	tool: BashTool,
	args: { command: string; timeout?: number },
	signal: AbortSignal = new AbortController().signal,
	onUpdate?: (text: string) => void,
): Promise<Run> {
	const updates: Run["updates"] = [];
	let settled = false;
	let lateUpdates = 0;
	const result = await tool
		.execute("call_1", args, signal, (partial) => {
			if (settled) lateUpdates += 1;
			const text = textOf(partial.content);
			updates.push({ text, details: partial.details });
			onUpdate?.(text);
		})
		.finally(() => {
			settled = true;
		});
	return {
		result,
		text: textOf(result.content),
		details: result.details,
		updates,
		lateUpdates: () => lateUpdates,
	};
}

function textOf(content: Result["content"]): string {
	return content.map((block) => (block.type === "text" ? block.text : "")).join("");
}

/** A fresh directory (its real path) removed after the test. */
export function useTempDir(): () => string {
	let dirs: string[] = [];
	afterEach(() => {
		for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
		dirs = [];
	});
	return () => {
		const dir = realpathSync(mkdtempSync(join(tmpdir(), "kestrel-shell-test-")));
		dirs.push(dir);
		return dir;
	};
}

/**
 * Whether `pid` still runs. A killed background process is an orphan: init reaps it, and
 * some inits (containers, this CI's micro-VM) do so only after a while, so for a moment it
 * may still exist as a zombie, which `kill(pid, 0)` does not tell from a live process.
 */
export function isRunning(pid: number): boolean {
	try {
		process.kill(pid, 0);
	} catch {
		return false;
	}
	try {
		const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
		const state = stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3);
		return state !== "Z" && state !== "X";
	} catch {
		return process.platform !== "linux";
	}
}

/** Polls until `pid` no longer exists at all (reaped), up to `timeoutMs`. */
export async function waitUntilGone(pid: number, timeoutMs = 30_000): Promise<boolean> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		try {
			process.kill(pid, 0);
		} catch {
			return true;
		}
		if (Date.now() > deadline) return false;
		await new Promise((resolve) => setTimeout(resolve, 50));
	}
}

/** Kills every process whose environment carries `KESTREL_TEST_MARKER=<marker>` (Linux). */
export function killMarked(marker: string): void {
	let entries: string[] = [];
	try {
		entries = readdirSync("/proc").filter((entry) => /^\d+$/.test(entry));
	} catch {
		return;
	}
	for (const entry of entries) {
		try {
			const environment = readFileSync(`/proc/${entry}/environ`, "utf8");
			if (environment.split("\0").includes(`KESTREL_TEST_MARKER=${marker}`))
				process.kill(Number(entry), "SIGKILL");
		} catch {}
	}
}

/** The first number printed on a line of its own: a `$!` the command echoed. */
export function printedPid(text: string): number {
	const match = /^(\d+)$/m.exec(text);
	if (!match?.[1]) throw new Error(`no pid in output: ${text}`);
	return Number(match[1]);
}
