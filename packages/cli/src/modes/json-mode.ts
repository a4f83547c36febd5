import type { HeadlessContext } from "./headless-context.js";
import { jsonEventLine } from "./json-event-line.js";
import { exitCodeOf, runPrompt } from "./run-prompt.js";

/** The exit code when stdout's reader went away: 128 + SIGPIPE, what a shell reports for a writer stopped that way. */
export const READER_GONE_EXIT_CODE = 141;

/**
 * `--mode json`: one JSON line per event on stdout, the session header first
 * (`{"type":"session",…header,"path"}`), then the harness's events. Exit codes as in
 * print mode; a failure is also described on stderr. When stdout's reader goes away
 * (`kestrel --mode json … | head`), nobody sees the run any more: it is aborted, the
 * session closed (its lock released) and kestrel exits 141, without a word.
 */
export async function runJsonMode(context: HeadlessContext): Promise<number> {
	const { stdout } = context;
	const { harness, session } = context.app;
	let readerGone = false;
	// Stays attached to the end: a write after the pipe closed reports here, not as an uncaught error.
	stdout.on("error", () => {
		if (readerGone) return;
		readerGone = true;
		harness.abort();
	});
	const write = (line: string) => {
		if (!readerGone) stdout.write(`${line}\n`);
	};
	write(JSON.stringify({ ...session.header, path: session.path ?? null }));
	harness.subscribe((event) => {
		write(jsonEventLine(event));
	});
	const run = await runPrompt(harness, session, context.prompt);
	if (readerGone) return READER_GONE_EXIT_CODE;
	if (run.outcome.kind === "error" && !run.interrupted) {
		context.stderr.write(`${context.app.describeRunError(run.outcome)}\n`);
	}
	return exitCodeOf(run);
}
