import { formatRunError } from "./format-run-error.js";
import type { HeadlessContext } from "./headless-context.js";
import { jsonEventLine } from "./json-event-line.js";
import { exitCodeOf, runPrompt } from "./run-prompt.js";

/**
 * `--mode json`: one JSON line per event on stdout, the session header first
 * (`{"type":"session",…header,"path"}`), then the harness's events. Exit codes as in
 * print mode; a failure is also described on stderr.
 */
export async function runJsonMode(context: HeadlessContext): Promise<number> {
	const { session, stdout } = context;
	stdout.write(`${JSON.stringify({ ...session.header, path: session.path ?? null })}\n`);
	context.harness.subscribe((event) => {
		stdout.write(`${jsonEventLine(event)}\n`);
	});
	const run = await runPrompt(context.harness, session, context.prompt);
	if (run.outcome.kind === "error" && !run.interrupted) {
		context.stderr.write(
			`${formatRunError(run.outcome, context.resolved.model.provider, context.resolved.keySource)}\n`,
		);
	}
	return exitCodeOf(run);
}
