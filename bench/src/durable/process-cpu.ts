/**
 * CPU time of the PostgreSQL server, read from /proc: the postmaster's own time, the time
 * of the children it has reaped (backends of closed connections), and the time of its
 * children still alive (background writers, backends still open). Linux only.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** Clock ticks per second of /proc/<pid>/stat on Linux. */
const TICKS_PER_SECOND = 100;

interface ProcStat {
	ppid: number;
	/** utime + stime, in ticks. */
	own: number;
	/** cutime + cstime: reaped children, in ticks. */
	children: number;
}

function readStat(pid: number): ProcStat | undefined {
	try {
		const text = readFileSync(`/proc/${pid}/stat`, "utf8");
		// The command name may hold spaces: the fields start after its closing parenthesis.
		const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
		const at = (n: number) => Number(fields[n - 3]);
		return { ppid: at(4), own: at(14) + at(15), children: at(16) + at(17) };
	} catch {
		return undefined;
	}
}

/** The postmaster's pid, from the first line of `<data>/postmaster.pid`. */
export function postmasterPid(dataDir: string): number {
	return Number(readFileSync(join(dataDir, "postmaster.pid"), "utf8").split("\n")[0]);
}

/** Seconds of CPU the server has used so far (see the module comment). */
export function postgresCpuSeconds(postmaster: number): number {
	const main = readStat(postmaster);
	if (!main) throw new Error(`no process ${postmaster}: is the cluster running?`);
	let ticks = main.own + main.children;
	for (const name of readdirSync("/proc")) {
		const pid = Number(name);
		if (!Number.isInteger(pid) || pid === postmaster) continue;
		const stat = readStat(pid);
		if (stat?.ppid === postmaster) ticks += stat.own;
	}
	return ticks / TICKS_PER_SECOND;
}
