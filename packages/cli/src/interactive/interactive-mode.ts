// TEMPORARY (replaced by the interactive work in progress; never released like this).
import type { CliApp } from "../app/cli-app.js";
import { CliError } from "../cli-error.js";

export interface InteractiveOptions {
	initialPrompt?: string;
	resume: boolean;
}

export async function runInteractiveMode(_app: CliApp, _options: InteractiveOptions): Promise<number> {
	throw new CliError("Interactive mode is not available yet (issue 7 continues).", 2);
}
