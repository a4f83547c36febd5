import type { ShellCommandMessage } from "@kestrel/harness";
import { boundedTextHtml } from "./bounded-text-html.js";
import { escapeHtml } from "./escape-html.js";

/** Lines of a user's shell command output shown before the rest is folded away. */
const OUTPUT_LINES = 40;

/** How the user's own shell command (`!command`) is shown: a terminal-like block. */
export interface ShellView {
	/** HTML: `$ command`. */
	heading: string;
	/** HTML: exit status, cancelled, shortened output, not sent to the model. */
	facts: string;
	/** HTML: the output, its end kept. */
	body: string;
	/** The command failed or was stopped. */
	failed: boolean;
}

/** A shell command the user ran, with its output and exit status. */
export function shellView(message: ShellCommandMessage): ShellView {
	const facts: string[] = [];
	if (message.cancelled) facts.push("cancelled");
	else facts.push(message.exitCode === null ? "killed" : `exit ${message.exitCode}`);
	if (message.truncated) {
		facts.push(
			message.fullOutputPath
				? `output shortened; full output in ${message.fullOutputPath}`
				: "output shortened",
		);
	}
	if (message.excludeFromContext) facts.push("not sent to the model");
	const output = typeof message.output === "string" ? message.output : "";
	return {
		heading: `<code class="shell-command">$ ${escapeHtml(String(message.command))}</code>`,
		facts: `<span class="tool-facts">${facts.map(escapeHtml).join(" · ")}</span>`,
		body:
			output.trim() === ""
				? `<div class="muted">(no output)</div>`
				: boundedTextHtml(output, { maxLines: OUTPUT_LINES, keep: "tail" }, "shell-output"),
		failed: message.cancelled === true || message.exitCode !== 0,
	};
}
