// Ends `scripts/test.sh` with one short account of the run: the failed tests (package, file,
// test name), the failed tasks that are not vitest runs (lint, typecheck, build, examples)
// with their first error lines, and the tasks turbo did not run because a task they need
// failed; or one line saying that everything passed. It reads turbo's run summary
// (`--summarize`) and each package's vitest report (scripts/vitest-settings.mjs).
//
//   node scripts/test-summary.mjs [--since <epoch ms>]
//
// Only a run summary written after `--since` is read, so an old run is never reported.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { stripVTControlCharacters } from "node:util";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const REPORT_FILE = ".test-results/vitest.json";
const ERROR_LINES = 6;

const sinceFlag = process.argv.indexOf("--since");
const since = sinceFlag === -1 ? 0 : Number(process.argv[sinceFlag + 1]);

const run = latestRunSummary(since);
if (!run) {
	console.log("\nNo turbo run summary from this run: turbo stopped before running tasks (see above).");
	process.exit(0);
}

const failedTests = []; // { package, file, name, error }
const failedTasks = []; // { id, lines }
const notRun = new Map(); // task id -> the failed task it needs
const counts = { passed: 0, failed: 0, skipped: 0, packages: 0 };
const unreported = []; // vitest runs of this run whose report is missing (or overwritten since)
const executed = new Set(run.tasks.map((task) => task.taskId));

for (const task of run.tasks) {
	const exitCode = task.execution?.exitCode;
	const report = task.task === "test" ? readReport(join(ROOT, task.directory, REPORT_FILE), task) : undefined;
	if (report) addReport(task.package, task.directory, report);
	else if (task.task === "test" && existsSync(join(ROOT, task.directory, "vitest.config.ts")))
		unreported.push(task.taskId);
	if (exitCode === 0 || exitCode === undefined) continue;
	for (const dependent of task.dependents ?? [])
		if (!executed.has(dependent)) notRun.set(dependent, task.taskId);
	// A vitest run that failed without a failed test (a setup error, an unhandled error)
	// is told by its log, like any other task.
	const listed = report?.testResults.some((file) => file.status === "failed");
	if (!listed) failedTasks.push({ id: task.taskId, lines: firstErrorLines(join(ROOT, task.logFile)) });
}

const out = [""];
const turboFailed = run.execution?.exitCode !== 0;
if (failedTests.length === 0 && failedTasks.length === 0 && notRun.size === 0) {
	const others = run.tasks.length - counts.packages;
	if (turboFailed)
		out.push(`turbo exited with ${run.execution?.exitCode} but no task failed: see its output above.`);
	else if (counts.packages === 0) out.push(`All ${run.tasks.length} tasks succeeded.`);
	else
		out.push(
			`All ${counts.passed} tests passed in ${counts.packages} package${counts.packages === 1 ? "" : "s"}` +
				`${counts.skipped ? ` (${counts.skipped} skipped)` : ""}, and the ${others} other tasks ` +
				"(lint, typecheck, builds, example checks) succeeded.",
		);
} else {
	out.push("━━ What failed ━━");
	let lastPackage;
	let lastFile;
	for (const test of failedTests) {
		if (test.package !== lastPackage) out.push(`${test.package}`);
		if (test.package !== lastPackage || test.file !== lastFile) out.push(`  ${test.file}`);
		out.push(`    ✗ ${test.name}`);
		if (test.error) out.push(`      ${test.error}`);
		lastPackage = test.package;
		lastFile = test.file;
	}
	for (const task of failedTasks) {
		out.push(`${task.id} failed`);
		for (const line of task.lines) out.push(`    ${line}`);
	}
	if (notRun.size > 0) {
		const byCause = Map.groupBy(notRun, ([, cause]) => cause);
		for (const [cause, entries] of byCause) {
			const names = entries.map(([id]) => id).join(", ");
			out.push(`Not run because ${cause} failed: ${names} (and what depends on them).`);
		}
	}
	if (counts.packages > 0)
		out.push(
			`Tests: ${counts.failed} failed, ${counts.passed} passed, ${counts.skipped} skipped, in the ` +
				`${counts.packages} package${counts.packages === 1 ? "" : "s"} whose tests ran.`,
		);
}
if (unreported.length > 0) out.push(`Not counted (no report of this run): ${unreported.join(", ")}.`);
console.log(out.join("\n"));

/** The newest `.turbo/runs/*.json` written at or after `since`, parsed. */
function latestRunSummary(since) {
	const folder = join(ROOT, ".turbo", "runs");
	if (!existsSync(folder)) return undefined;
	const newest = readdirSync(folder)
		.filter((name) => name.endsWith(".json"))
		.map((name) => ({ path: join(folder, name), time: statSync(join(folder, name)).mtimeMs }))
		.filter((file) => file.time >= since)
		.sort((a, b) => b.time - a.time)[0];
	return newest && JSON.parse(readFileSync(newest.path, "utf8"));
}

/**
 * The vitest JSON report of a test task of this run: restored from turbo's cache, or written
 * while the task ran (a vitest run of someone else's since then does not count).
 */
function readReport(path, task) {
	if (!existsSync(path)) return undefined;
	const written = statSync(path).mtimeMs;
	const { startTime = 0, endTime = 0 } = task.execution ?? {};
	const ours = task.cache?.status === "HIT" || (written >= startTime - 1_000 && written <= endTime + 10_000);
	if (!ours) return undefined;
	try {
		return JSON.parse(readFileSync(path, "utf8"));
	} catch {
		return undefined;
	}
}

function addReport(packageName, directory, report) {
	counts.packages += 1;
	counts.passed += report.numPassedTests;
	counts.failed += report.numFailedTests;
	counts.skipped += report.numPendingTests + report.numTodoTests;
	for (const file of report.testResults) {
		if (file.status !== "failed") continue;
		const path = relative(join(ROOT, directory), file.name);
		const failed = file.assertionResults.filter((test) => test.status === "failed");
		// A file that failed as a whole (it did not load, a hook threw) has no failed test.
		if (failed.length === 0)
			failedTests.push({
				package: packageName,
				file: path,
				name: "(the file)",
				error: firstLine(file.message),
			});
		for (const test of failed) {
			failedTests.push({
				package: packageName,
				file: path,
				name: [...test.ancestorTitles, test.title].join(" › "),
				error: firstLine(test.failureMessages[0]),
			});
		}
	}
}

/** The first lines of a task's log that look like an error, else its last lines. */
function firstErrorLines(path) {
	if (!existsSync(path)) return ["(no log)"];
	const lines = stripVTControlCharacters(readFileSync(path, "utf8"))
		.split("\n")
		.map((line) => line.trimEnd())
		.filter((line) => line.trim() !== "" && !/^\$ |ELIFECYCLE|^\s*\[?WARN/.test(line));
	const start = lines.findIndex((line) => /\berror\b|✖|×|\bfail(ed|ure)?\b|━━|^\w*Error\b/i.test(line));
	const picked = start === -1 ? lines.slice(-ERROR_LINES) : lines.slice(start, start + ERROR_LINES);
	return picked.map((line) => shorten(line, 200));
}

function firstLine(text) {
	const line = (text ?? "").split("\n").find((candidate) => candidate.trim() !== "");
	return line === undefined ? "" : shorten(line.trim(), 200);
}

function shorten(text, length) {
	return text.length <= length ? text : `${text.slice(0, length - 1)}…`;
}
