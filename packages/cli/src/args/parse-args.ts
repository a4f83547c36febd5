import { Command, InvalidArgumentError, Option } from "commander";
import { packageDocPath } from "../package-doc-path.js";
import type { ApproveMode, CliMode, CliOptions } from "./cli-options.js";

/** After the flags in `--help`; built when help is shown (it looks up the installed docs). */
const helpExamples = () => `
Modes: interactive (the default on a terminal; type /help inside), print (-p), JSON (--mode json),
RPC (--mode rpc; the protocol: ${packageDocPath("rpc.md")}).

Examples:
  kestrel                                    # interactive
  kestrel --demo                             # try it without a key: a scripted tour (not an AI)
  kestrel -p "Summarise README.md"
  git diff | kestrel -p "Review this diff"
  kestrel --model anthropic/claude-sonnet-5-5:high --approve edits -p "Fix the failing test"
  kestrel -c -p "Now add a test for it"
  kestrel --mode json "List the TODOs" > events.jsonl
  kestrel --list-models
  kestrel --export ~/.kestrel/sessions/<folder>/<session>.jsonl session.html

Keys come from --api-key, ~/.kestrel/models.json, or the provider's variable (kestrel --list-models names it).
Provider packages: npm install --prefix ~/.kestrel <package>, and name it in "providers" in ~/.kestrel/settings.json.`;

const MODES: readonly CliMode[] = ["text", "json", "rpc"];
const APPROVE_MODES: readonly ApproveMode[] = ["ask", "edits", "all"];

/**
 * Parses `argv` (without `node` and the script). `--help` and `--version` print and exit
 * 0 through commander; a bad flag exits 2 with commander's message.
 */
export function parseArgs(argv: readonly string[], version: string): CliOptions {
	const program = new Command("kestrel")
		.description("A coding agent in your terminal.")
		.version(version, "-v, --version", "print the version and exit")
		.argument("[messages...]", "the prompt (joined with spaces); piped stdin is appended")
		.option("-p, --print", "answer the prompt, print the final answer and exit")
		.addOption(
			new Option("--mode <mode>", "output mode: text (with -p), json (one event per line) or rpc")
				.choices(MODES)
				.default("text"),
		)
		.option("--provider <name>", "the provider of --model (any in kestrel --list-models)")
		.option("--model <spec>", "the model: provider/id[:thinking], or an id with --provider")
		.option(
			"--demo",
			"run a built-in scripted model (not an AI, no key needed) that tours Kestrel in this folder",
		)
		.option("--thinking <level>", "thinking level: off, minimal, low, medium, high, xhigh")
		.option("--api-key <key>", "the API key (default: the provider's environment variable)")
		.option("--base-url <url>", "send requests to this base URL instead of the model's")
		.option("--system-prompt <text>", "replace the base system prompt")
		.option("--append-system-prompt <text>", "add this text to the end of the system prompt")
		.option(
			"--tools <list>",
			"comma-separated packs, tools or prefix* patterns to enable, e.g. fs,bash or read,mcp__github__* (default: all)",
			toolList,
		)
		.option("--no-tools", "enable no tools")
		.option("-c, --continue", "continue the most recent session of this folder")
		.option("-r, --resume", "pick a session to resume")
		.option("--session <file>", "open this session file")
		.option("--no-session", "keep the session in memory; write no file")
		.option("--session-dir <dir>", "where session files are kept")
		.option(
			"--session-store <url>",
			"keep sessions in this store instead of files: postgres://user@host/db (the session.store setting)",
		)
		.addOption(
			new Option("--approve <mode>", "which tool calls run without asking: ask, edits or all").choices(
				APPROVE_MODES,
			),
		)
		.option(
			"--trust-folder",
			"trust this folder: its .kestrel/settings.json may set approve, session.dir and providers (remembered in trusted-folders.json)",
		)
		.option(
			"--first-byte-timeout <seconds>",
			"give up on a request when the provider sends nothing this long (default 300; 0: no limit)",
			seconds,
		)
		.option(
			"--idle-timeout <seconds>",
			"give up on a response when the provider pauses this long (default 120; 0: no limit)",
			seconds,
		)
		.option(
			"--max-stall <seconds>",
			"the total a prompt may wait on a silent provider over its retries (default: 300 in print and JSON modes; 0: no limit)",
			seconds,
		)
		.option("--list-models", "list the models you can use, and whether a key is set")
		.option("--export <args...>", "export a session to HTML: --export <session> [out.html]")
		.option(
			"--prune-blobs",
			"remove the stored images that no session of this folder uses (see --session-dir)",
		)
		.exitOverride((error) => {
			// Help and version are successes; anything else is a usage error.
			if (error.code === "commander.helpDisplayed" || error.code === "commander.version") process.exit(0);
			if (error.code === "commander.help") process.exit(0);
			process.exit(2);
		})
		.configureOutput({ outputError: (text, write) => write(text) })
		.addHelpText("after", helpExamples);
	// `--session`/`--no-session` and `--tools`/`--no-tools` share a key, so the last one
	// given would win silently; note each form given to refuse the pair.
	const given = new Set<string>();
	for (const name of ["session", "no-session", "tools", "no-tools"]) {
		program.on(`option:${name}`, () => given.add(name));
	}
	program.parse(argv, { from: "user" });
	const raw = program.opts<RawOptions>();
	for (const name of ["session", "tools"]) {
		if (given.has(name) && given.has(`no-${name}`)) {
			program.error(`error: --${name} and --no-${name} contradict each other; use one of them.`);
		}
	}
	if (raw.demo === true) {
		const named = (["model", "provider", "apiKey", "baseUrl"] as const).filter(
			(key) => raw[key] !== undefined,
		);
		if (named.length > 0) {
			const flags = named.map((key) => `--${key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`);
			program.error(
				`error: --demo runs the built-in scripted model, so ${flags.join(", ")} cannot go with it; leave out one or the other.`,
			);
		}
	}
	const messages = program.processedArgs[0] as string[];
	if (raw.export !== undefined && (raw.export.length > 2 || messages.length > 0)) {
		program.error(
			`error: --export takes a session file and an optional output file, nothing more: kestrel --export <session.jsonl> [out.html] (got: ${[...messages, ...raw.export].join(" ")})`,
		);
	}
	return {
		messages,
		provider: raw.provider,
		model: raw.model,
		demo: raw.demo === true,
		thinking: raw.thinking,
		apiKey: raw.apiKey,
		baseUrl: raw.baseUrl,
		systemPrompt: raw.systemPrompt,
		appendSystemPrompt: raw.appendSystemPrompt,
		tools: raw.tools === false ? [] : raw.tools === true ? undefined : raw.tools,
		continue: raw.continue === true,
		resume: raw.resume === true,
		session: typeof raw.session === "string" ? raw.session : undefined,
		persistSession: raw.session !== false,
		sessionDir: raw.sessionDir,
		sessionStore: raw.sessionStore,
		approve: raw.approve,
		timeouts: {
			...(raw.firstByteTimeout === undefined ? {} : { firstByteMs: raw.firstByteTimeout }),
			...(raw.idleTimeout === undefined ? {} : { idleMs: raw.idleTimeout }),
			...(raw.maxStall === undefined ? {} : { maxStallMs: raw.maxStall }),
		},
		trustFolder: raw.trustFolder === true,
		listModels: raw.listModels === true,
		pruneBlobs: raw.pruneBlobs === true,
		export: raw.export,
		mode: raw.mode,
		print: raw.print === true,
	};
}

/**
 * What commander yields: the options of {@link CliOptions}, absent when not given, except
 * that `--tools`/`--no-tools` and `--session`/`--no-session` share a key (`true` by default,
 * `false` for the `--no-` form) and `mode` has a default.
 */
type RawOptions = Partial<
	Omit<CliOptions, "messages" | "tools" | "session" | "persistSession" | "mode" | "timeouts">
> & {
	mode: CliMode;
	/** In ms, from seconds. */
	firstByteTimeout?: number;
	idleTimeout?: number;
	maxStall?: number;
	tools?: string[] | boolean;
	session?: string | boolean;
};

function toolList(value: string): string[] {
	const names = value
		.split(",")
		.map((name) => name.trim())
		.filter((name) => name !== "");
	if (names.length === 0)
		throw new InvalidArgumentError("give tool names separated by commas, or use --no-tools");
	return names;
}

/** The longest a timer holds (about 24.8 days). */
const MAX_TIMER_MS = 2_147_483_647;

/** A duration flag given in seconds (fractions allowed), in ms; 0 is allowed and means no limit. */
function seconds(value: string): number {
	const parsed = /^\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : Number.NaN;
	const ms = Math.round(parsed * 1000);
	if (!(ms >= 0 && ms <= MAX_TIMER_MS)) {
		throw new InvalidArgumentError(
			`give a number of seconds from 0 (no limit) to ${Math.floor(MAX_TIMER_MS / 1000)}`,
		);
	}
	return ms;
}
