import type { HeadlessContext } from "./headless-context.js";
import { jsonEventLine } from "./json-event-line.js";
import { exitCodeOf, runPrompt } from "./run-prompt.js";

/**
 * `--mode json`: one JSON line per event on stdout, the session header first
 * (`{"type":"session",…header,"path"}`), then the harness's events. Exit codes as in
 * print mode; a failure is also described on stderr.
 */
export async function runJsonMode(context: HeadlessContext): Promise<number> {
	const { stdout } = context;
	const { harness, session } = context.app;
	stdout.write(`${JSON.stringify({ ...session.header, path: session.path ?? null })}\n`);
	harness.subscribe((event) => {
		stdout.write(`${jsonEventLine(event)}\n`);
	});
	const run = await runPrompt(harness, session, context.prompt);
	if (run.outcome.kind === "error" && !run.interrupted) {
		context.stderr.write(`${context.app.describeRunError(run.outcome)}\n`);
	}
	return exitCodeOf(run);
}
