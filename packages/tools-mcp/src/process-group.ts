import { readdirSync, readFileSync } from "node:fs";
import { setTimeout as delay } from "node:timers/promises";

const POLL_MS = 25;

/** Sends `signal` to every process of the group; `false` when the group no longer exists. */
export function signalGroup(pgid: number, signal: NodeJS.Signals | 0): boolean {
	try {
		process.kill(-pgid, signal);
		return true;
	} catch (error) {
		return (error as NodeJS.ErrnoException).code === "EPERM";
	}
}

/**
 * Whether a process of the group still runs. Killed grandchildren are reparented to init,
 * which in containers may reap them late: on Linux, zombies found in /proc do not count.
 */
export function isGroupAlive(pgid: number): boolean {
	if (!signalGroup(pgid, 0)) return false;
	if (process.platform !== "linux") return true;
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
		// "pid (comm) state ppid pgrp …": comm may hold spaces and parentheses.
		const [state, , group] = stat.slice(stat.lastIndexOf(")") + 2).split(" ", 3);
		if (Number(group) === pgid && state !== "Z" && state !== "X") return true;
	}
	return false;
}

/** `SIGTERM` to the group, `SIGKILL` to what is left after `graceMs`; resolves once it is gone (or 200 ms after the kill). */
export async function terminateGroup(pgid: number, graceMs: number): Promise<void> {
	if (!signalGroup(pgid, "SIGTERM")) return;
	if (await waitForGroupExit(pgid, graceMs)) return;
	if (!signalGroup(pgid, "SIGKILL")) return;
	await waitForGroupExit(pgid, 200);
}

async function waitForGroupExit(pgid: number, timeoutMs: number): Promise<boolean> {
	const deadline = Date.now() + timeoutMs;
	while (isGroupAlive(pgid)) {
		if (Date.now() >= deadline) return false;
		await delay(POLL_MS);
	}
	return true;
}

const liveGroups = new Set<number>();
let exitHookInstalled = false;

/**
 * Remembers a group to kill if the host exits without closing the pack (`process.exit`,
 * an uncaught error). A host killed by a signal it does not handle runs no exit code:
 * then the servers see their stdin close, which ends well-behaved servers.
 */
export function trackGroup(pgid: number): () => void {
	liveGroups.add(pgid);
	if (!exitHookInstalled) {
		exitHookInstalled = true;
		process.once("exit", () => {
			for (const group of liveGroups) signalGroup(group, "SIGKILL");
		});
	}
	return () => liveGroups.delete(pgid);
}
