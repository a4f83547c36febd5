import { getDefaultEnvironment } from "@modelcontextprotocol/sdk/client/stdio.js";

/** Locale and temp-folder variables that servers commonly need, beyond the SDK's minimal list. */
const EXTRA_INHERITED = ["LANG", "LC_ALL", "LC_CTYPE", "TMPDIR", "TZ"];

const apiKeyName = /_API_KEY$/i;

/**
 * The environment of a stdio server: the SDK's minimal inherited set (PATH, HOME, USER,
 * SHELL, TERM, LOGNAME on POSIX) plus a few locale variables, without any credential
 * (`secretVariables`, `*_API_KEY`), plus the server's own `env`, which may name anything
 * (also a credential: that is how a server is given one on purpose).
 */
export function stdioEnvironment(
	parent: Readonly<Record<string, string | undefined>>,
	secretVariables: readonly string[],
	serverEnv: Readonly<Record<string, string>>,
): Record<string, string> {
	const secrets = new Set(secretVariables);
	const env: Record<string, string> = {};
	const inherited = { ...getDefaultEnvironment() };
	for (const name of EXTRA_INHERITED) {
		const value = parent[name];
		if (value !== undefined) inherited[name] = value;
	}
	for (const [name, value] of Object.entries(inherited)) {
		if (secrets.has(name) || apiKeyName.test(name)) continue;
		env[name] = value;
	}
	return { ...env, ...serverEnv };
}
