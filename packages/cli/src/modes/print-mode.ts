import type { AgentMessage } from "@kestrel/agent-core";
import { finalAssistantText } from "./final-text.js";
import { formatRunError } from "./format-run-error.js";
import type { HeadlessContext } from "./headless-context.js";
import { exitCodeOf, runPrompt } from "./run-prompt.js";

/**
 * `-p`: runs the prompt and prints the final assistant text to stdout. Returns the exit
 * code: 0 on success, 1 on error (the message on stderr), 130 when interrupted.
 */
export async function runPrintMode(context: HeadlessContext): Promise<number> {
	const messages: AgentMessage[] = [];
	context.harness.subscribe((event) => {
		if (event.type === "message_end") messages.push(event.message);
	});
	const run = await runPrompt(context.harness, context.session, context.prompt);
	const code = exitCodeOf(run);
	if (code === 130) {
		context.stderr.write("Aborted.\n");
		return code;
	}
	if (run.outcome.kind === "error") {
		context.stderr.write(
			`${formatRunError(run.outcome, context.resolved.model.provider, context.resolved.keySource)}\n`,
		);
		return code;
	}
	const text = finalAssistantText(messages);
	if (text) context.stdout.write(text.endsWith("\n") ? text : `${text}\n`);
	return code;
}
