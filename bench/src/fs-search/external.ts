import { spawnSync } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import * as nodePath from "node:path";

/** One run of an external command: its wall time, its CPU time and how many lines it printed. */
export interface ExternalRun {
	wallMs: number;
	cpuMs: number;
	lines: number;
}

/** The first of `names` found on PATH, or `undefined`. */
export function findCommand(...names: string[]): string | undefined {
	for (const name of names) {
		const found = spawnSync("bash", ["-c", `command -v ${name}`], { encoding: "utf8" });
		if (found.status === 0 && found.stdout.trim() !== "") return found.stdout.trim();
	}
	return undefined;
}

function quote(argument: string): string {
	return `'${argument.replace(/'/g, `'\\''`)}'`;
}

function seconds(text: string): number {
	const match = /^(\d+)m([\d.]+)s$/.exec(text.trim());
	return match ? Number(match[1]) * 60 + Number(match[2]) : Number.NaN;
}

/**
 * Runs a command under bash and measures it from inside the shell: wall time from
 * `$EPOCHREALTIME` around the command (no process start-up of bash counted), CPU time
 * (user + system) of the command from the shell's `times`. Output goes to a file whose
 * lines are counted afterwards, so the measurement includes writing it, not piping it.
 */
export function runExternal(command: string, args: readonly string[]): ExternalRun {
	const output = nodePath.join(tmpdir(), `kestrel-fs-bench-${process.pid}.out`);
	const script = [
		"start=$EPOCHREALTIME",
		`${[command, ...args].map(quote).join(" ")} > ${quote(output)} 2>/dev/null`,
		"end=$EPOCHREALTIME",
		"times",
		'echo "$start $end"',
	].join("\n");
	const result = spawnSync("bash", ["-c", script], { encoding: "utf8" });
	if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr}`);
	const lines = result.stdout.trim().split("\n");
	const [childUser, childSystem] = lines[1]!.trim().split(/\s+/).map(seconds);
	const [start, end] = lines[2]!.trim().split(/\s+/).map(Number);
	const printed = readFileSync(output, "utf8");
	rmSync(output, { force: true });
	return {
		wallMs: (end! - start!) * 1000,
		cpuMs: (childUser! + childSystem!) * 1000,
		lines: printed === "" ? 0 : printed.trimEnd().split("\n").length,
	};
}
