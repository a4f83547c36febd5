import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { SSEClientTransport } from "@modelcontextprotocol/sdk/client/sse.js";
import {
	StreamableHTTPClientTransport,
	StreamableHTTPError,
} from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { ResolvedRemoteServer } from "./resolve-server.js";

/** Which transport a remote server ended up on. */
export type RemoteKind = "http" | "sse";

function isClientError(error: unknown): boolean {
	const code = error instanceof StreamableHTTPError ? error.code : undefined;
	return code !== undefined && code >= 400 && code < 500;
}

/**
 * Connects `newClient()` to a remote server: Streamable HTTP first, and for `auto` the
 * legacy HTTP+SSE transport when the POST is answered with a 4xx (the fallback the MCP
 * specification describes for servers older than 2025-03-26).
 */
export async function connectRemote(
	server: ResolvedRemoteServer,
	newClient: () => Client,
	timeoutMs: number,
	signal: AbortSignal | undefined,
): Promise<{ client: Client; transport: Transport; kind: RemoteKind }> {
	const requestInit: RequestInit = { headers: server.headers };
	const options = { timeout: timeoutMs, ...(signal === undefined ? {} : { signal }) };
	if (server.transport !== "sse") {
		const client = newClient();
		const transport = new StreamableHTTPClientTransport(server.url, { requestInit });
		try {
			await client.connect(transport, options);
			return { client, transport, kind: "http" };
		} catch (error) {
			await client.close().catch(() => {});
			if (server.transport === "http" || !isClientError(error)) throw error;
		}
	}
	const client = newClient();
	const transport = new SSEClientTransport(server.url, { requestInit });
	try {
		await client.connect(transport, options);
	} catch (error) {
		await client.close().catch(() => {});
		throw error;
	}
	return { client, transport, kind: "sse" };
}
