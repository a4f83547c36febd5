import { defineModel } from "../models/define-model.js";
import type { ProviderRegistry } from "../registry.js";
import type { KnownProvider, Model } from "../types.js";
import { allProviderEntries } from "../wire-api/lookup.js";

/** A model server on this machine that {@link probeLocalServers} asks for its models. */
export interface LocalServer {
	/** The provider the found model gets: a known local provider (`ollama`), or `local` for any other server. */
	provider: string;
	port: number;
	/** Display name, for messages (`Ollama`). */
	name: string;
	/** The API root's path on the server. Default `/v1`. */
	path?: string;
}

/** The provider of a model found on a port no known local provider uses. */
export const LOCAL_PROVIDER = "local";

/**
 * The local servers the wire API modules declare (providers with `local: true` on the
 * `openai-completions` API, at a loopback base URL with a port), in declaration order:
 * for the built-ins Ollama (11434), llama.cpp (8080), vLLM (8000) and LM Studio (1234).
 */
export function localServers(registry?: ProviderRegistry): LocalServer[] {
	const servers: LocalServer[] = [];
	for (const { provider, module, entry } of allProviderEntries(registry)) {
		if (entry.local !== true || module.api !== "openai-completions") continue;
		const url = parseUrl(entry.baseUrl);
		if (!url?.port || !["localhost", "127.0.0.1", "[::1]"].includes(url.hostname)) continue;
		servers.push({
			provider,
			port: Number(url.port),
			name: entry.name,
			path: url.pathname.replace(/\/+$/, "") || "",
		});
	}
	return servers;
}

/**
 * The servers to probe: {@link localServers}, or the ports listed in
 * `KESTREL_LOCAL_SERVER_PORTS` (comma-separated; the port of a known local server keeps
 * its provider, any other is a generic OpenAI-compatible server, provider `local`). An
 * empty value probes nothing.
 */
export function localServersFromEnv(
	env: NodeJS.ProcessEnv = process.env,
	registry?: ProviderRegistry,
): LocalServer[] {
	const known = localServers(registry);
	const listed = env.KESTREL_LOCAL_SERVER_PORTS;
	if (listed === undefined) return known;
	return listed
		.split(",")
		.map((part) => Number(part.trim()))
		.filter((port) => Number.isInteger(port) && port > 0 && port < 65_536)
		.map(
			(port) =>
				known.find((server) => server.port === port) ?? {
					provider: LOCAL_PROVIDER,
					port,
					name: "OpenAI-compatible server",
				},
		);
}

/** How long each probe waits unless told otherwise. */
export const DEFAULT_PROBE_TIMEOUT_MS = 300;

/** How long each probe may take: `KESTREL_LOCAL_SERVER_TIMEOUT_MS`, else {@link DEFAULT_PROBE_TIMEOUT_MS}. */
export function localServerTimeoutFromEnv(env: NodeJS.ProcessEnv = process.env): number {
	const value = Number(env.KESTREL_LOCAL_SERVER_TIMEOUT_MS);
	return Number.isFinite(value) && value > 0 ? value : DEFAULT_PROBE_TIMEOUT_MS;
}

/**
 * Asks each server for its models (`GET <root>/models` on 127.0.0.1), all at once, each for
 * at most `timeoutMs`, and returns the first model of the most preferred server (the
 * earliest in `servers`) that answered, as an `openai-completions` model; `undefined` when
 * none did. Never throws: a closed port, a slow server or one that is no model server is
 * passed over.
 */
export async function probeLocalServers(
	servers: readonly LocalServer[],
	timeoutMs = DEFAULT_PROBE_TIMEOUT_MS,
): Promise<Model | undefined> {
	const found = await Promise.all(servers.map((server) => firstModelOf(server, timeoutMs)));
	return found.find((model) => model !== undefined);
}

async function firstModelOf(server: LocalServer, timeoutMs: number): Promise<Model | undefined> {
	const baseUrl = `http://127.0.0.1:${server.port}${server.path ?? "/v1"}`;
	try {
		const response = await fetch(`${baseUrl}/models`, { signal: AbortSignal.timeout(timeoutMs) });
		if (!response.ok) return undefined;
		const body = (await response.json()) as { data?: { id?: unknown }[] };
		const id = body.data?.find((entry) => typeof entry.id === "string")?.id as string | undefined;
		if (!id) return undefined;
		return server.provider === LOCAL_PROVIDER
			? defineModel({ id, baseUrl })
			: defineModel({ provider: server.provider as KnownProvider, id, baseUrl });
	} catch {
		// Nothing listening, too slow, or not a model server: not this one.
		return undefined;
	}
}

function parseUrl(value: string): URL | undefined {
	try {
		return new URL(value);
	} catch {
		return undefined;
	}
}
