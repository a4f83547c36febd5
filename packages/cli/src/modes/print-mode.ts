import type { AgentMessage } from "@kestrel/agent-core";
import { finalAssistantText } from "./final-text.js";
import type { HeadlessContext } from "./headless-context.js";
import { exitCodeOf, runPrompt } from "./run-prompt.js";

/**
 * `-p`: runs the prompt and prints the final assistant text to stdout. Returns the exit
 * code: 0 on success, 1 on error (the message on stderr), 130 when interrupted.
 */
export async function runPrintMode(context: HeadlessContext): Promise<number> {
	const messages: AgentMessage[] = [];
	context.app.harness.subscribe((event) => {
		if (event.type === "message_end") messages.push(event.message);
	});
	const run = await runPrompt(context.app.harness, context.app.session, context.prompt);
	const code = exitCodeOf(run);
	if (code === 130) {
		context.stderr.write("Aborted.\n");
		return code;
	}
	if (run.outcome.kind === "error") {
		context.stderr.write(`${context.app.describeRunError(run.outcome)}\n`);
		return code;
	}
	const text = finalAssistantText(messages);
	if (text) context.stdout.write(text.endsWith("\n") ? text : `${text}\n`);
	return code;
}
