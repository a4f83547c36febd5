import { kestrelHome, loadSettings } from "@kestrel/harness";
import { CliApp } from "./app/cli-app.js";
import type { CliOptions } from "./args/cli-options.js";
import { CliError } from "./cli-error.js";
import { listModels } from "./models/list-models.js";
import { loadModelsFile } from "./models/load-models-file.js";
import { localServersFromEnv, probeLocalServers } from "./models/local-servers.js";
import { resolveModel } from "./models/resolve-model.js";
import type { HeadlessContext } from "./modes/headless-context.js";
import { readPipedStdin } from "./read-stdin.js";
import { openSession } from "./wiring/open-session.js";

const AVAILABLE =
	'Available today: print mode (kestrel -p "prompt") and JSON mode (kestrel --mode json "prompt"), plus --list-models.';

/**
 * Everything after argument parsing: settings, models, the session and the harness, then
 * the mode. Returns the exit code; user-fixable failures throw {@link CliError}.
 */
export async function run(options: CliOptions): Promise<number> {
	if (options.export)
		throw new CliError(`--export is not available yet (issue 7 continues). ${AVAILABLE}`, 2);
	if (options.mode === "rpc")
		throw new CliError(`--mode rpc is not available yet (issue 7 continues). ${AVAILABLE}`, 2);
	if (options.resume) {
		throw new CliError(
			`-r/--resume (the session picker) is not available yet; use -c or --session <file>. ${AVAILABLE}`,
			2,
		);
	}
	const cwd = process.cwd();
	const home = kestrelHome();
	const { settings, warnings } = await loadSettings({ cwd, home });
	for (const warning of warnings) process.stderr.write(`warning: ${warning}\n`);
	const modelsFile = await loadModelsFile(home);
	if (options.listModels) {
		process.stdout.write(`${listModels(modelsFile, process.env)}\n`);
		return 0;
	}
	if (!options.print && options.mode !== "json") {
		throw new CliError(`Interactive mode is not available yet (issue 7 continues). ${AVAILABLE}`, 2);
	}
	const piped = await readPipedStdin();
	const prompt = [options.messages.join(" "), piped.trim()].filter((part) => part !== "").join("\n\n");
	if (prompt === "")
		throw new CliError(
			'No prompt given: pass it as an argument (kestrel -p "fix the tests") or pipe it on stdin.',
			2,
		);

	const servers = localServersFromEnv(process.env);
	const resolved = await resolveModel({
		flags: options,
		settings,
		modelsFile,
		env: process.env,
		probeLocal: () => probeLocalServers(servers),
		probedPorts: servers.map((server) => server.port),
	});
	const { manager, session } = await openSession(options, settings, cwd, home);
	const app = new CliApp({
		cwd,
		home,
		settings,
		modelsFile,
		manager,
		session,
		resolved,
		approve: options.approve ?? settings.approve ?? "ask",
		env: process.env,
		...(options.apiKey === undefined ? {} : { apiKeyFlag: options.apiKey }),
		...(options.tools === undefined ? {} : { tools: options.tools }),
		...(options.systemPrompt === undefined ? {} : { systemPrompt: options.systemPrompt }),
		...(options.appendSystemPrompt === undefined ? {} : { appendSystemPrompt: options.appendSystemPrompt }),
	});
	const context: HeadlessContext = {
		harness: app.harness,
		session,
		prompt,
		resolved,
		stdout: process.stdout,
		stderr: process.stderr,
	};
	if (options.mode === "json") return (await import("./modes/json-mode.js")).runJsonMode(context);
	return (await import("./modes/print-mode.js")).runPrintMode(context);
}
