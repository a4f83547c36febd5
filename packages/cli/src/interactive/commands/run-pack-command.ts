import type { CommandHost } from "../../commands/command-host.js";

/**
 * Runs a tool pack's command through `host`: as the host's task (Esc stops it); a `show`
 * result becomes a notice, a `prompt` result is sent to the model as the user's prompt.
 */
export async function runPackCommand(host: CommandHost, name: string, args: string): Promise<void> {
	const result = await host.runTask(`/${name}`, (signal) => host.app.runPackCommand(name, args, signal));
	if (result.kind === "show") {
		host.notice(result.text);
		return;
	}
	await host.prompt(result.content);
}
