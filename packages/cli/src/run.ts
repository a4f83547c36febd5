import { join, resolve } from "node:path";
import {
	knownSecretVariables,
	localServersFromEnv,
	localServerTimeoutFromEnv,
	modelsFileKeyVariables,
	probeLocalServers,
} from "@kestrel/ai";
import type { SessionManager, Settings } from "@kestrel/harness";
import { CliApp } from "./app/cli-app.js";
import type { CliOptions } from "./args/cli-options.js";
import { CliError } from "./cli-error.js";
import { configureModels } from "./models/configure-models.js";
import { listModels } from "./models/list-models.js";
import { resolveModel } from "./models/resolve-model.js";
import type { HeadlessContext } from "./modes/headless-context.js";
import { createToolPacks, displaysOf } from "./packs/create-tool-packs.js";
import { loadSettingsAndPacks } from "./packs/load-settings-and-packs.js";
import { askOnTerminal } from "./permissions/project-trust.js";
import { pruneSessionBlobs } from "./prune-session-blobs.js";
import { readPipedStdin, stdinWaitFromEnv } from "./read-stdin.js";
import { openSession, sessionStoreManager } from "./wiring/open-session.js";
import { describeLoadIssues } from "./wiring/session-issues.js";
import { kestrelHomeFolder, workingFolder } from "./wiring/working-folders.js";

/**
 * Everything after argument parsing: settings, models, the session and the harness, then
 * the mode. Returns the exit code; user-fixable failures throw {@link CliError}.
 */
export async function run(options: CliOptions): Promise<number> {
	const cwd = workingFolder();
	const home = await kestrelHomeFolder();
	// The trust question belongs to a session on a terminal, not to --list-models and the like.
	const asksTrust =
		options.mode === "text" &&
		!options.print &&
		!options.listModels &&
		!options.pruneBlobs &&
		options.export === undefined &&
		process.stdin.isTTY === true &&
		process.stdout.isTTY === true;
	const { loaded, packs: packModules } = await loadSettingsAndPacks({
		cwd,
		home,
		trustFlag: options.trustFolder,
		overridden: [
			...(options.approve === undefined ? [] : ["approve"]),
			...(options.sessionDir === undefined ? [] : ["session.dir"]),
			...(options.sessionStore === undefined ? [] : ["session.store"]),
		],
		stderr: process.stderr,
		...(asksTrust ? { ask: askOnTerminal } : {}),
	});
	const { settings, warnings } = loaded;
	for (const warning of warnings) process.stderr.write(`warning: ${warning}\n`);
	if (options.pruneBlobs) return pruneSessionBlobs(options, settings, cwd, home);
	if (options.export) {
		const [sessionPath, outPath] = options.export;
		if (!sessionPath)
			throw new CliError("--export needs a session file: kestrel --export <session.jsonl> [out.html]", 2);
		const { exportSessionFile, exportStoreSession } = await import("./export/export-html.js");
		// The packs are built only to ask their tools how they want to be shown; nothing starts.
		const displays = displaysOf(
			createToolPacks({
				packs: packModules,
				cwd,
				settings,
				secretVariables: [],
				logDir: join(home, "logs"),
				warn: () => {},
			}),
		);
		const out = outPath ? resolve(cwd, outPath) : undefined;
		// `pg:<id>` names a session of the session store (--session-store, session.store).
		const written = sessionPath.startsWith("pg:")
			? await exportStoreSession(await storeFor(options, settings, cwd), sessionPath, out, displays)
			: await exportSessionFile(resolve(cwd, sessionPath), out, displays);
		process.stdout.write(`Exported ${sessionPath} to ${written}\n`);
		return 0;
	}
	// Provider packages are loaded and registered here, so that everything below (--list-models,
	// --model, defaultProvider, models.json entries of their APIs) knows their APIs and models.
	const { modelsFile } = await configureModels({ loaded, cwd, home });
	if (options.demo) (await import("./demo/register-demo.js")).registerDemoModel(cwd);
	if (options.listModels) {
		process.stdout.write(`${listModels(modelsFile, process.env)}\n`);
		return 0;
	}
	const interactive = options.mode === "text" && !options.print;
	if (interactive && !(process.stdin.isTTY && process.stdout.isTTY)) {
		throw new CliError(
			'Interactive mode needs a terminal. Use kestrel -p "prompt" (print), --mode json or --mode rpc from scripts.',
			2,
		);
	}
	if (options.resume && !interactive) {
		throw new CliError(
			"-r/--resume opens a picker in interactive mode; elsewhere use -c or --session <file>.",
			2,
		);
	}
	let prompt = options.messages.join(" ");
	if (!interactive && options.mode !== "rpc") {
		// With a prompt given, a stdin that stays open and silent is not waited on forever
		// (a parent process that never closes it); without one, stdin is the prompt.
		const wait = prompt === "" ? undefined : stdinWaitFromEnv(process.env);
		const piped = await readPipedStdin(process.stdin, { firstByteTimeoutMs: wait });
		if (piped.timedOut) {
			process.stderr.write(
				`kestrel: nothing arrived on stdin within ${wait} ms, so the prompt goes without it. ` +
					"Run with < /dev/null when nothing is piped, or set KESTREL_STDIN_WAIT_MS to wait longer.\n",
			);
		}
		prompt = [prompt, piped.text.trim()].filter((part) => part !== "").join("\n\n");
		if (prompt === "") {
			throw new CliError(
				'No prompt given: pass it as an argument (kestrel -p "fix the tests") or pipe it on stdin.',
				2,
			);
		}
	}

	const servers = localServersFromEnv(process.env);
	const resolved = await resolveModel({
		flags: options,
		settings,
		modelsFile,
		env: process.env,
		probeLocal: () => probeLocalServers(servers, localServerTimeoutFromEnv(process.env)),
		probed: servers,
	});
	const { manager, session, sessionPath } = await openSession(options, settings, cwd, home);
	const loadIssues = describeLoadIssues(session);
	if (loadIssues) process.stderr.write(`${loadIssues}\n`);
	const toolPacks = createToolPacks({
		packs: packModules,
		cwd,
		settings,
		// The registered modules' secret variables (a provider package's included) and models.json's.
		secretVariables: [...knownSecretVariables(), ...modelsFileKeyVariables(modelsFile)],
		logDir: join(home, "logs"),
		warn: (message) => process.stderr.write(`kestrel: warning: ${message}\n`),
	});
	const app = new CliApp({
		cwd,
		home,
		settings,
		modelsFile,
		manager,
		session,
		sessionPath,
		resolved,
		approve: options.approve ?? settings.approve ?? "ask",
		env: process.env,
		...(options.apiKey === undefined ? {} : { apiKeyFlag: options.apiKey }),
		toolPacks,
		...(options.tools === undefined ? {} : { tools: options.tools }),
		timeouts: options.timeouts,
		unattended: !interactive && options.mode !== "rpc",
		...(options.systemPrompt === undefined ? {} : { systemPrompt: options.systemPrompt }),
		...(options.appendSystemPrompt === undefined ? {} : { appendSystemPrompt: options.appendSystemPrompt }),
	});
	await startToolPacks(app);
	if (options.mode === "rpc") {
		const { runRpcMode } = await import("./modes/rpc/rpc-mode.js");
		return runRpcMode(app, { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr });
	}
	if (interactive) {
		const { runInteractiveMode } = await import("./interactive/interactive-mode.js");
		return runInteractiveMode(app, { ...(prompt ? { initialPrompt: prompt } : {}), resume: options.resume });
	}
	// Nobody can answer a permission question here: say each refusal where the user sees it.
	app.approvals.onRefusal = (notice) => process.stderr.write(`kestrel: ${notice}\n`);
	const context: HeadlessContext = {
		app,
		prompt,
		stdout: process.stdout,
		stderr: process.stderr,
	};
	if (options.mode === "json") return (await import("./modes/json-mode.js")).runJsonMode(context);
	return (await import("./modes/print-mode.js")).runPrintMode(context);
}

/**
 * Starts the session's tool packs before the first prompt and says what went wrong: a
 * `--tools` name that matches nothing is a usage error (exit 2, with the valid names); a
 * pack that failed to start or a tool left out for its name is a warning, and the rest
 * works.
 */
async function startToolPacks(app: CliApp): Promise<void> {
	const reports = await app.harness.start();
	const unknown = reports.filter((report) => report.kind === "unknown_name");
	if (unknown.length > 0) {
		await app.close();
		throw new CliError(unknown.map((report) => report.message).join("\n"), 2);
	}
	for (const report of reports) process.stderr.write(`kestrel: warning: ${report.message}\n`);
}

/** The session store's manager for `--export pg:<id>`; an error saying how to name the store when there is none. */
async function storeFor(options: CliOptions, settings: Settings, cwd: string): Promise<SessionManager> {
	const manager = await sessionStoreManager(options, settings, cwd);
	if (!manager) {
		throw new CliError(
			"--export pg:<id> names a session of a session store: pass --session-store <url> too, or set session.store.",
			2,
		);
	}
	return manager;
}
