// `pnpm test`: lint, type-check and test every package through turbo, with as many processes
// as the machine has cores. Extra arguments go to turbo (`pnpm test -- --filter=@kestrel/ai`).
import { spawn } from "node:child_process";
import { availableParallelism } from "node:os";

// Turbo runs `tasks` tasks at once and each vitest run uses `workers` workers (and runs as
// many `it.concurrent` tests at a time), so that together they keep every core busy without
// piling processes onto it: a test that waits on a busy scheduler is a test that times out.
// 2 cores: 2 tasks of 1 worker; 8 cores: 4 tasks of 2.
const cpus = availableParallelism();
const tasks = cpus <= 2 ? cpus : Math.ceil(cpus / 2);
const workers = Math.max(1, Math.floor(cpus / tasks));

// `pnpm test -- --filter=…` passes the `--` on; to turbo it would mean "arguments for the tasks".
const extra = process.argv.slice(2);
if (extra[0] === "--") extra.shift();
const args = [
	"run",
	"lint",
	"typecheck",
	"test",
	`--concurrency=${tasks}`,
	// Every task runs to its end; one that needs a failed task is not run (and not reported
	// as a failure of its own). The summary is what scripts/test-summary.mjs reads.
	"--continue=dependencies-successful",
	"--summarize",
	...extra,
];
console.log(
	`${cpus} CPU${cpus === 1 ? "" : "s"}: turbo runs ${tasks} task${tasks === 1 ? "" : "s"} at a time, ` +
		`each vitest run ${workers} worker${workers === 1 ? "" : "s"}.`,
);
const turbo = spawn("turbo", args, {
	stdio: "inherit",
	env: { ...process.env, TURBO_TELEMETRY_DISABLED: "1", KESTREL_TEST_WORKERS: String(workers) },
});
// Ctrl+C reaches turbo too (same process group); wait for it to stop its tasks.
process.on("SIGINT", () => {});
process.on("SIGTERM", () => turbo.kill("SIGTERM"));
turbo.on("error", (error) => {
	console.error(`Could not start turbo: ${error.message}`);
	process.exit(1);
});
turbo.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
