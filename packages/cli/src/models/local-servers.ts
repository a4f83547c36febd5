import { defineModel, type Model } from "@kestrel/ai";

/** A local model server Kestrel looks for when nothing else is configured. */
export interface LocalServer {
	provider: string;
	port: number;
}

/** Ollama, llama.cpp and LM Studio on their default ports, probed in this order of preference. */
export const DEFAULT_LOCAL_SERVERS: readonly LocalServer[] = [
	{ provider: "ollama", port: 11434 },
	{ provider: "llama.cpp", port: 8080 },
	{ provider: "lmstudio", port: 1234 },
];

/**
 * The servers to probe: the defaults, or the ports listed in `KESTREL_LOCAL_SERVER_PORTS`
 * (comma-separated; a default port keeps its provider, any other is a generic
 * OpenAI-compatible server). An empty value probes nothing.
 */
export function localServersFromEnv(env: NodeJS.ProcessEnv): LocalServer[] {
	const listed = env.KESTREL_LOCAL_SERVER_PORTS;
	if (listed === undefined) return [...DEFAULT_LOCAL_SERVERS];
	return listed
		.split(",")
		.map((part) => Number(part.trim()))
		.filter((port) => Number.isInteger(port) && port > 0 && port < 65_536)
		.map(
			(port) => DEFAULT_LOCAL_SERVERS.find((server) => server.port === port) ?? { provider: "local", port },
		);
}

/** How long each probe may take: `KESTREL_LOCAL_SERVER_TIMEOUT_MS`, else 300 ms. */
export function localServerTimeoutFromEnv(env: NodeJS.ProcessEnv): number {
	const value = Number(env.KESTREL_LOCAL_SERVER_TIMEOUT_MS);
	return Number.isFinite(value) && value > 0 ? value : DEFAULT_PROBE_TIMEOUT_MS;
}

const DEFAULT_PROBE_TIMEOUT_MS = 300;

/**
 * Asks each server for its models (`GET /v1/models`), all at once, each for at most
 * `timeoutMs`, and returns the first model of the most preferred server that answered,
 * as an `openai-completions` model; `undefined` when none did.
 */
export async function probeLocalServers(
	servers: readonly LocalServer[],
	timeoutMs = DEFAULT_PROBE_TIMEOUT_MS,
): Promise<Model | undefined> {
	const found = await Promise.all(servers.map((server) => firstModelOf(server, timeoutMs)));
	return found.find((model) => model !== undefined);
}

async function firstModelOf(server: LocalServer, timeoutMs: number): Promise<Model | undefined> {
	const baseUrl = `http://127.0.0.1:${server.port}/v1`;
	try {
		const response = await fetch(`${baseUrl}/models`, { signal: AbortSignal.timeout(timeoutMs) });
		if (!response.ok) return undefined;
		const body = (await response.json()) as { data?: { id?: unknown }[] };
		const id = body.data?.find((entry) => typeof entry.id === "string")?.id as string | undefined;
		if (!id) return undefined;
		return server.provider === "local"
			? defineModel({ id, baseUrl })
			: defineModel({ provider: server.provider as "ollama", id, baseUrl });
	} catch {
		// Nothing listening, too slow, or not a model server: not this one.
		return undefined;
	}
}
