import { render } from "ink";
import { createElement } from "react";
import type { CliApp } from "../app/cli-app.js";
import { displaysOf } from "../packs/create-tool-packs.js";
import { resumePicker } from "./commands/run-slash-command.js";
import { App } from "./components/app.js";
import { createMarkdownRenderer } from "./format/markdown.js";
import { sessionHistory } from "./format/session-history.js";
import { InteractiveController } from "./interactive-controller.js";

export interface InteractiveOptions {
	/** Sent as soon as the screen is up. */
	initialPrompt?: string;
	/** Open the resume picker first (`-r`). */
	resume: boolean;
}

/**
 * The terminal UI (the default on a terminal), built with Ink. Returns the exit code: 0
 * when the user quits (`/quit`, Ctrl+C twice); the session is closed cleanly first.
 */
export async function runInteractiveMode(app: CliApp, options: InteractiveOptions): Promise<number> {
	const controller = new InteractiveController(app);
	controller.start();
	controller.welcome();
	const markdown = createMarkdownRenderer(Math.max(40, (process.stdout.columns ?? 80) - 2));
	// A continued session (`-c`, `--session`) shows where it left off.
	controller.store.append(...sessionHistory(app.session));
	const ink = render(
		createElement(App, {
			store: controller.store,
			onKey: (input, key) => controller.handleKey(input, key),
			onPaste: (text) => controller.handlePaste(text),
			markdown,
			toolDisplays: displaysOf(app.harness.toolPacks),
		}),
		{
			exitOnCtrlC: false,
			patchConsole: true,
		},
	);
	const ready = async () => {
		if (options.resume) {
			await resumePicker(controller.host);
			// The status line still shows the fresh session kestrel started with.
			controller.refreshStatus();
		}
		if (options.initialPrompt) await controller.submit(options.initialPrompt);
	};
	ready().catch((error: unknown) => controller.error(error instanceof Error ? error.message : String(error)));
	await controller.exited;
	controller.dispose();
	await app.close();
	ink.unmount();
	await ink.waitUntilExit();
	return 0;
}
