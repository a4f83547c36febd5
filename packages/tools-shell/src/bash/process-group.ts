import { readdirSync, readFileSync } from "node:fs";
import { setTimeout as delay } from "node:timers/promises";

const pollMs = 25;
// SIGKILL cannot be caught; this only leaves the kernel time to deliver it.
const afterKillMs = 200;

/** Sends `signal` to every process of the group; `false` when the group no longer exists. */
export function signalProcessGroup(pgid: number, signal: NodeJS.Signals | 0): boolean {
	try {
		process.kill(-pgid, signal);
		return true;
	} catch (error) {
		// EPERM: a member exists but belongs to someone else (it changed its user id).
		return (error as NodeJS.ErrnoException).code === "EPERM";
	}
}

/**
 * Whether a process of the group still runs. A dead member stays in the group as a zombie
 * until its parent reaps it; killed background processes are orphans, reaped by init,
 * and some inits (containers, micro-VMs) do that late or never. On Linux zombies are
 * therefore looked up in /proc and not counted.
 */
export function isProcessGroupAlive(pgid: number): boolean {
	if (!signalProcessGroup(pgid, 0)) return false;
	return process.platform !== "linux" || hasRunningMember(pgid);
}

function hasRunningMember(pgid: number): boolean {
	let entries: string[];
	try {
		entries = readdirSync("/proc");
	} catch {
		return true;
	}
	for (const entry of entries) {
		const code = entry.charCodeAt(0);
		if (code < 48 || code > 57) continue;
		let stat: string;
		try {
			stat = readFileSync(`/proc/${entry}/stat`, "utf8");
		} catch {
			continue;
		}
		// "pid (comm) state ppid pgrp …"; comm may itself contain spaces and parentheses.
		const [state, , group] = stat.slice(stat.lastIndexOf(")") + 2).split(" ", 3);
		if (Number(group) === pgid && state !== "Z" && state !== "X") return true;
	}
	return false;
}

/**
 * Stops every process of the group: `SIGTERM`, then `SIGKILL` to whatever is left after
 * `graceMs`. Resolves once the group is gone or the time is up; a process that left the
 * group (`setsid`, daemons) is out of reach.
 */
export async function terminateProcessGroup(pgid: number, graceMs: number): Promise<void> {
	if (!signalProcessGroup(pgid, "SIGTERM")) return;
	if (await waitForProcessGroupExit(pgid, graceMs)) return;
	if (!signalProcessGroup(pgid, "SIGKILL")) return;
	await waitForProcessGroupExit(pgid, afterKillMs);
}

async function waitForProcessGroupExit(pgid: number, timeoutMs: number): Promise<boolean> {
	const deadline = Date.now() + timeoutMs;
	while (isProcessGroupAlive(pgid)) {
		if (Date.now() >= deadline) return false;
		await delay(pollMs);
	}
	return true;
}
