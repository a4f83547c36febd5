import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AgentTool, ToolPack, ToolPackCommand, ToolPackStatus } from "@kestrel/agent-core";
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import { createMcpTool } from "./mcp-tool.js";
import { promptCommand } from "./prompt-commands.js";
import { ServerConnection } from "./server-connection.js";
import { serversListing } from "./servers-listing.js";
import type { McpServerSettings } from "./settings.js";
import { exposedNames } from "./tool-names.js";

/** Options of {@link mcpToolPack}. */
export interface McpToolPackOptions {
	/** The servers, by name: the value of the `mcpServers` setting. */
	servers: Readonly<Record<string, McpServerSettings>>;
	/** The pack's name, and the first part of its tool names. Default `mcp`. */
	name?: string;
	/** Where stdio servers run unless their `cwd` says otherwise. Default `process.cwd()`. */
	cwd?: string;
	/** Where each stdio server's stderr is written (`mcp-<server>.log`). Default a folder under the OS temp folder. */
	logDir?: string;
	/** Variables holding credentials: never inherited by stdio servers unless their `env` names them. */
	secretVariables?: readonly string[];
	/** Where `$VAR` values and the inherited environment come from. Default `process.env`. */
	env?: Readonly<Record<string, string | undefined>>;
	/** Told about each server that fails to start. Default: nothing (see `status()`). */
	warn?: (message: string) => void;
	/** How long `close` gives a stdio server's process group after `SIGTERM` before `SIGKILL`. Default 2000 ms. */
	closeGraceMs?: number;
	/** How the client introduces itself in `initialize`. Default `{ name: "kestrel", version: "0" }`. */
	clientInfo?: { name: string; version: string };
}

const MAX_INSTRUCTIONS = 300;

/**
 * A tool pack over MCP servers. `start` connects to every enabled server at once and
 * resolves when each has connected or failed (failures go to `warn` and `status()`; the
 * other servers work). Tools are named `mcp__<server>__<tool>`, prompts become the
 * commands of the same names, and the `mcp` command lists the servers. Call `close` when
 * the session ends (also on Ctrl+C): it stops every server process and its children.
 */
export function mcpToolPack(options: McpToolPackOptions): ToolPack {
	const packName = options.name ?? "mcp";
	const listeners = new Set<() => void>();
	let tools: AgentTool[] = [];
	let toolServers = new Map<string, ServerConnection>();
	let started = false;
	let closing: Promise<void> | undefined;
	const cache = new Map<string, { source: Tool; tool: AgentTool }>();

	const rebuild = () => {
		const entries = connections.flatMap((connection) =>
			connection.tools.map((tool) => ({ connection, tool })),
		);
		const names = exposedNames(
			entries.map(({ connection, tool }) => ({ server: connection.name, name: tool.name })),
			packName,
		);
		const next = entries.map(({ connection, tool }, index) => {
			const name = names[index] as string;
			const cached = cache.get(name);
			if (cached?.source === tool) return cached.tool;
			const created = createMcpTool(connection, tool, name);
			cache.set(name, { source: tool, tool: created });
			return created;
		});
		for (const name of cache.keys()) if (!names.includes(name)) cache.delete(name);
		const changed = next.length !== tools.length || next.some((tool, index) => tool !== tools[index]);
		tools = next;
		toolServers = new Map(
			next.map((tool, index) => [tool.name, entries[index]?.connection as ServerConnection]),
		);
		if (changed) for (const listener of listeners) listener();
	};

	const connectionOptions = {
		cwd: options.cwd ?? process.cwd(),
		env: options.env ?? process.env,
		secretVariables: options.secretVariables ?? [],
		logDir: options.logDir ?? join(tmpdir(), `kestrel-mcp-${process.pid}`),
		closeGraceMs: options.closeGraceMs ?? 2000,
		clientInfo: options.clientInfo ?? { name: "kestrel", version: "0" },
		onListsChanged: () => rebuild(),
	};
	const connections = Object.entries(options.servers).map(
		([name, settings]) => new ServerConnection(name, settings, connectionOptions),
	);

	const mcpCommand: ToolPackCommand = {
		name: packName,
		description: "List the MCP servers, their state and their tools",
		async run() {
			return { kind: "show", text: serversListing(connections, tools, toolServers) };
		},
	};

	return {
		name: packName,
		tools: () => tools,
		guidelines(active) {
			const servers = new Set<ServerConnection>();
			for (const tool of active) {
				const connection = toolServers.get(tool.name);
				if (connection !== undefined) servers.add(connection);
			}
			return [...servers].map((connection) => {
				const prefix = `${packName}__${connection.name}__*`;
				const notes = connection.instructions?.replace(/\s+/g, " ").trim();
				if (!notes) return `The ${prefix} tools are run by the MCP server "${connection.name}".`;
				const clipped = notes.length > MAX_INSTRUCTIONS ? `${notes.slice(0, MAX_INSTRUCTIONS - 1)}…` : notes;
				return `The ${prefix} tools are run by the MCP server "${connection.name}", which says: ${clipped}`;
			});
		},
		async start(signal) {
			const failures = await Promise.all(connections.map((connection) => connection.start(signal)));
			started = true;
			for (const failure of failures) if (failure !== undefined) options.warn?.(failure);
			rebuild();
		},
		close() {
			closing ??= Promise.all(connections.map((connection) => connection.close())).then(() => {
				tools = [];
				toolServers = new Map();
			});
			return closing;
		},
		onToolsChanged(listener) {
			listeners.add(listener);
			return () => listeners.delete(listener);
		},
		commands() {
			const prompts = connections.flatMap((connection) =>
				connection.state === "disabled" ? [] : connection.prompts.map((prompt) => ({ connection, prompt })),
			);
			const names = exposedNames(
				prompts.map(({ connection, prompt }) => ({ server: connection.name, name: prompt.name })),
				packName,
			);
			return [
				mcpCommand,
				...prompts.map(({ connection, prompt }, index) =>
					promptCommand(connection, prompt, names[index] as string),
				),
			];
		},
		status(): ToolPackStatus {
			const parts = connections.map((connection) => ({
				name: connection.name,
				state: connection.state,
				...(connection.detail === undefined ? {} : { detail: connection.detail }),
				tools: tools.filter((tool) => toolServers.get(tool.name) === connection).map((tool) => tool.name),
			}));
			const enabled = connections.filter((connection) => connection.state !== "disabled");
			const ready = enabled.filter((connection) => connection.state === "ready").length;
			if (!started) return { state: "starting", parts };
			if (enabled.length > 0 && ready === 0 && enabled.every((connection) => connection.state === "failed"))
				return { state: "failed", detail: `none of the ${enabled.length} MCP servers started`, parts };
			const detail =
				enabled.length === 0 ? "no MCP servers enabled" : `${ready} of ${enabled.length} servers connected`;
			return { state: "ready", detail, parts };
		},
	};
}
