import { isAbsolute, resolve } from "node:path";
import { expandRecord, expandVariables } from "./expand-variables.js";
import { DEFAULT_CALL_TIMEOUT_MS, DEFAULT_STARTUP_TIMEOUT_MS, type McpServerSettings } from "./settings.js";
import { stdioEnvironment } from "./stdio-environment.js";

interface ResolvedCommon {
	name: string;
	/** How the server is started, as the settings write it (variables not expanded, so no secret shows). */
	display: string;
	callTimeoutMs: number;
	startupTimeoutMs: number;
	allow: readonly string[] | undefined;
	deny: readonly string[];
}

/** A stdio server, ready to spawn: variables expanded, environment built. */
export interface ResolvedStdioServer extends ResolvedCommon {
	kind: "stdio";
	command: string;
	args: string[];
	env: Record<string, string>;
	cwd: string;
}

/** A remote server: `transport` is `auto` (Streamable HTTP, then SSE on a 4xx), `http` or `sse`. */
export interface ResolvedRemoteServer extends ResolvedCommon {
	kind: "remote";
	url: URL;
	headers: Record<string, string>;
	transport: "auto" | "http" | "sse";
}

export type ResolvedServer = ResolvedStdioServer | ResolvedRemoteServer;

/** What {@link resolveServer} needs from the pack. */
export interface ResolveContext {
	cwd: string;
	env: Readonly<Record<string, string | undefined>>;
	secretVariables: readonly string[];
}

/** Whether the settings switch the server off (`enabled: false` or Cline's `disabled: true`). */
export function isServerDisabled(settings: McpServerSettings): boolean {
	return settings.enabled === false || settings.disabled === true;
}

/**
 * Turns one server's settings into what the transports need. Throws an error that says
 * what to fix (a missing variable, neither `command` nor `url`, a bad URL).
 */
export function resolveServer(
	name: string,
	settings: McpServerSettings,
	context: ResolveContext,
): ResolvedServer {
	const common: ResolvedCommon = {
		name,
		display:
			settings.command !== undefined
				? [settings.command, ...(settings.args ?? [])].join(" ")
				: (settings.url ?? ""),
		callTimeoutMs: settings.timeout ?? DEFAULT_CALL_TIMEOUT_MS,
		startupTimeoutMs: settings.startupTimeout ?? DEFAULT_STARTUP_TIMEOUT_MS,
		allow: settings.allow,
		deny: settings.deny ?? [],
	};
	const env = context.env;
	const wantsStdio =
		settings.type === "stdio" || (settings.type === undefined && settings.command !== undefined);
	if (wantsStdio) {
		if (settings.command === undefined || settings.command.trim() === "")
			throw new Error('has type "stdio" but no "command": give the program to start.');
		const cwd = settings.cwd === undefined ? context.cwd : expandVariables(settings.cwd, env, "cwd");
		return {
			...common,
			kind: "stdio",
			command: expandVariables(settings.command, env, "command"),
			args: (settings.args ?? []).map((arg, index) => expandVariables(arg, env, `args[${index}]`)),
			env: stdioEnvironment(env, context.secretVariables, expandRecord(settings.env, env, "env")),
			cwd: isAbsolute(cwd) ? cwd : resolve(context.cwd, cwd),
		};
	}
	if (settings.url === undefined)
		throw new Error('has neither "command" (a local server) nor "url" (a remote one): give one of them.');
	const text = expandVariables(settings.url, env, "url");
	let url: URL;
	try {
		url = new URL(text);
	} catch {
		throw new Error(
			`has a "url" that is not a URL (${JSON.stringify(text)}): write it in full, e.g. https://host/mcp.`,
		);
	}
	if (url.protocol !== "http:" && url.protocol !== "https:")
		throw new Error(`has a "url" with protocol ${url.protocol}: only http: and https: are supported.`);
	return {
		...common,
		kind: "remote",
		url,
		headers: expandRecord(settings.headers, env, "headers"),
		transport: settings.type === "http" ? "http" : settings.type === "sse" ? "sse" : "auto",
	};
}
