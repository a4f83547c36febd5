import { resolve } from "node:path";
import type { CliApp } from "../app/cli-app.js";
import { CliError } from "../cli-error.js";
import { BUILT_IN_COMMAND_NAMES } from "../interactive/input/slash-command.js";
import type { AppOperations } from "./command-host.js";
import { packCommandTable } from "./pack-command-table.js";

/**
 * The {@link AppOperations} of one `CliApp`: what `/model`, `set_model`, `/compact`,
 * `compact` and the other shared commands call. Relative paths are resolved against the
 * app's working folder.
 */
export function createAppOperations(app: CliApp): AppOperations {
	const packCommands = () => packCommandTable(app.harness.toolPacks.commands(), BUILT_IN_COMMAND_NAMES);
	return {
		cwd: app.cwd,
		model: () => app.harness.model,
		thinkingLevel: () => app.harness.thinkingLevel,
		availableModels: () => app.availableModels(),
		setModel: (spec) => app.setModel(spec),
		setThinkingLevel: (level) => app.setThinkingLevel(level),
		compact: (instructions) => app.harness.compact(instructions),
		session: () => app.session,
		newSession: () => app.newSession(),
		switchSession: (path) => app.switchSession(path),
		fork: (entryId) => app.fork(entryId),
		listSessions: () => app.listSessions(),
		navigate: (targetId, { summarize }) => app.harness.navigate(targetId, { summarize }),
		stats: () => app.stats(),
		exportHtml: async (path) => {
			await app.session.flush();
			// Loaded on first use: it pulls in the markdown renderer.
			const { exportSessionHtml } = await import("../export/export-html.js");
			const { displaysOf } = await import("../packs/create-tool-packs.js");
			// The session's own tools are shown as they declare; the active ones are listed folded.
			const tools = app.harness.activeTools().map(({ name, description, parameters }) => ({
				name,
				description,
				parameters,
			}));
			return exportSessionHtml(
				app.session,
				path === undefined ? undefined : resolve(app.cwd, path),
				displaysOf(app.harness.toolPacks),
				{ tools },
			);
		},
		packCommands,
		runPackCommand: (name, args, signal) => {
			const { commands } = packCommands();
			const command = commands.find((candidate) => candidate.name === name);
			if (!command) {
				const names = commands.map((candidate) => candidate.name);
				throw new CliError(
					`No tool pack offers the command "${name}". ${names.length === 0 ? "The session's packs offer no commands." : `Pack commands: ${names.join(", ")}.`}`,
				);
			}
			return command.run(args, signal);
		},
	};
}
