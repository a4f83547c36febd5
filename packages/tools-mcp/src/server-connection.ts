import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { SseError } from "@modelcontextprotocol/sdk/client/sse.js";
import { StreamableHTTPError } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { RequestOptions } from "@modelcontextprotocol/sdk/shared/protocol.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import {
	type CallToolResult,
	ErrorCode,
	type GetPromptResult,
	McpError,
	type Progress,
	type Prompt,
	PromptListChangedNotificationSchema,
	type Tool,
	ToolListChangedNotificationSchema,
} from "@modelcontextprotocol/sdk/types.js";
import { connectRemote } from "./remote-transport.js";
import {
	isServerDisabled,
	type ResolveContext,
	type ResolvedServer,
	resolveServer,
} from "./resolve-server.js";
import type { McpServerSettings } from "./settings.js";
import { StderrLog } from "./stderr-log.js";
import { StdioProcessTransport } from "./stdio-transport.js";
import { toolFilter } from "./tool-filter.js";
import { sanitizeName } from "./tool-names.js";

/** A server's state, as status displays show it. */
export type ServerState = "disabled" | "starting" | "ready" | "failed";

/** What every connection of a pack shares. */
export interface ConnectionOptions extends ResolveContext {
	logDir: string;
	closeGraceMs: number;
	clientInfo: { name: string; version: string };
	/** Called when the server's tools or prompts changed (a list_changed notification, a restart). */
	onListsChanged(): void;
}

const MAX_PAGES = 100;

/**
 * One configured server: started by {@link start}, restarted by the next call after it
 * stopped (a crash, a dropped session), closed for good by {@link close}.
 */
export class ServerConnection {
	state: ServerState = "starting";
	/** Why it failed, or how it runs. */
	detail: string | undefined;
	/** The tools the server offers that `allow` / `deny` let through. */
	tools: Tool[] = [];
	prompts: Prompt[] = [];
	/** The server's `instructions` from `initialize`. */
	instructions: string | undefined;
	/** `stdio`, `http` or `sse` once connected. */
	transportKind: string | undefined;
	readonly resolved: ResolvedServer | undefined;
	private readonly configError: string | undefined;
	private readonly allows: (name: string) => boolean;
	private client: Client | undefined;
	private transport: Transport | undefined;
	private connecting: Promise<Client> | undefined;
	private closed = false;
	private readonly stderr: StderrLog | undefined;

	constructor(
		readonly name: string,
		settings: McpServerSettings,
		private readonly options: ConnectionOptions,
	) {
		this.allows = toolFilter(settings.allow, settings.deny ?? []);
		if (isServerDisabled(settings)) {
			this.state = "disabled";
			this.configError = undefined;
			this.resolved = undefined;
			return;
		}
		let resolved: ResolvedServer | undefined;
		let configError: string | undefined;
		try {
			resolved = resolveServer(name, settings, options);
		} catch (error) {
			configError = `MCP server "${name}" ${errorText(error)}`;
		}
		this.resolved = resolved;
		this.configError = configError;
		if (resolved?.kind === "stdio") this.stderr = new StderrLog(options.logDir, `mcp-${sanitizeName(name)}`);
	}

	/** The log file of a stdio server's stderr. */
	get logPath(): string | undefined {
		return this.stderr?.path;
	}

	/** Connects and lists tools and prompts; resolves with a message when it failed. */
	async start(signal?: AbortSignal): Promise<string | undefined> {
		if (this.state === "disabled") return undefined;
		const limit = (this.resolved?.startupTimeoutMs ?? 0) + 1000;
		let timer: ReturnType<typeof setTimeout> | undefined;
		// The SSE transport's start (waiting for its endpoint event) has no timeout of its own.
		const late = new Promise<string>((resolve) => {
			timer = setTimeout(() => {
				this.state = "failed";
				this.detail = `MCP server "${this.name}" did not start within ${limit} ms.`;
				resolve(this.detail);
			}, limit);
		});
		try {
			return await Promise.race([
				this.connect(signal).then(
					() => undefined,
					(error) => this.detail ?? errorText(error),
				),
				late,
			]);
		} finally {
			clearTimeout(timer);
		}
	}

	/** Calls a tool; starts the server again first if it stopped. Rejects with the SDK's errors. */
	async callTool(
		tool: string,
		args: Record<string, unknown>,
		signal: AbortSignal,
		onprogress: (progress: Progress) => void,
	): Promise<CallToolResult> {
		const client = await this.connect(signal);
		const options: RequestOptions = {
			signal,
			timeout: this.resolved?.callTimeoutMs,
			resetTimeoutOnProgress: true,
			onprogress,
		};
		try {
			return (await client.callTool({ name: tool, arguments: args }, undefined, options)) as CallToolResult;
		} catch (error) {
			this.dropIfBroken(client, error);
			throw error;
		}
	}

	/** Gets a prompt's messages; starts the server again first if it stopped. */
	async getPrompt(
		prompt: string,
		args: Record<string, string>,
		signal: AbortSignal,
	): Promise<GetPromptResult> {
		const client = await this.connect(signal);
		try {
			return await client.getPrompt(
				{ name: prompt, arguments: args },
				{ signal, timeout: this.resolved?.callTimeoutMs },
			);
		} catch (error) {
			this.dropIfBroken(client, error);
			throw error;
		}
	}

	/** What stopped the server, and the last lines of its stderr, for error messages. */
	stopReport(): string {
		return `${this.stopReason()}${this.stderrTail()}`;
	}

	private stopReason(): string {
		const exit = this.transport instanceof StdioProcessTransport ? this.transport.exit : undefined;
		const how =
			exit === undefined
				? "the connection closed"
				: exit.signal !== null
					? `it was killed by ${exit.signal}`
					: `it exited with code ${exit.code}`;
		return how;
	}

	/**
	 * Stops the server for good; idempotent, never throws. A stdio server still starting is
	 * killed at once rather than waited for.
	 */
	async close(): Promise<void> {
		this.closed = true;
		const client = this.client;
		this.client = undefined;
		try {
			if (this.transport instanceof StdioProcessTransport) await this.transport.close();
			else await client?.close().catch(() => {});
		} finally {
			this.stderr?.close();
		}
	}

	private connect(signal: AbortSignal | undefined): Promise<Client> {
		if (this.client !== undefined) return Promise.resolve(this.client);
		if (this.closed) return Promise.reject(new Error(`MCP server "${this.name}" is closed.`));
		if (this.configError !== undefined) {
			this.state = "failed";
			this.detail = this.configError;
			return Promise.reject(new Error(this.configError));
		}
		this.connecting ??= this.open(signal).finally(() => {
			this.connecting = undefined;
		});
		return this.connecting;
	}

	private async open(signal: AbortSignal | undefined): Promise<Client> {
		const server = this.resolved as ResolvedServer;
		this.state = "starting";
		this.detail = undefined;
		const timeout = server.startupTimeoutMs;
		const newClient = () => new Client(this.options.clientInfo, { capabilities: {} });
		let client: Client;
		try {
			if (server.kind === "stdio") {
				const transport = new StdioProcessTransport({
					command: server.command,
					args: server.args,
					env: server.env,
					cwd: server.cwd,
					stderr: this.stderr as StderrLog,
					closeGraceMs: this.options.closeGraceMs,
				});
				this.transport = transport;
				this.stderr?.begin(server.display);
				client = newClient();
				try {
					await client.connect(transport, { timeout, ...(signal === undefined ? {} : { signal }) });
				} catch (error) {
					await transport.close();
					throw error;
				}
				this.transportKind = "stdio";
			} else {
				const connected = await connectRemote(server, newClient, timeout, signal);
				client = connected.client;
				this.transport = connected.transport;
				this.transportKind = connected.kind;
			}
			await this.list(client, timeout);
		} catch (error) {
			this.state = "failed";
			this.detail = `MCP server "${this.name}" (${server.display}) failed to start: ${this.startError(error, timeout)}${this.stderrTail()}`;
			throw new Error(this.detail);
		}
		if (this.closed) {
			await client.close().catch(() => {});
			throw new Error(`MCP server "${this.name}" is closed.`);
		}
		client.onclose = () => this.onClientClosed(client);
		this.client = client;
		this.state = "ready";
		this.detail = undefined;
		this.options.onListsChanged();
		return client;
	}

	/** Lists tools and prompts (every page) and watches for changes to either. */
	private async list(client: Client, timeout: number): Promise<void> {
		const capabilities = client.getServerCapabilities() ?? {};
		this.instructions = client.getInstructions();
		this.tools = capabilities.tools
			? (await this.listTools(client, timeout)).filter((tool) => this.allows(tool.name))
			: [];
		this.prompts = capabilities.prompts ? await this.listPrompts(client, timeout).catch(() => []) : [];
		client.setNotificationHandler(ToolListChangedNotificationSchema, async () => {
			if (this.client !== client) return;
			try {
				this.tools = (await this.listTools(client, timeout)).filter((tool) => this.allows(tool.name));
				this.options.onListsChanged();
			} catch {
				// The previous list stays; the next notification or restart lists again.
			}
		});
		client.setNotificationHandler(PromptListChangedNotificationSchema, async () => {
			if (this.client !== client) return;
			this.prompts = await this.listPrompts(client, timeout).catch(() => this.prompts);
			this.options.onListsChanged();
		});
	}

	private async listTools(client: Client, timeout: number): Promise<Tool[]> {
		const tools: Tool[] = [];
		let cursor: string | undefined;
		const seen = new Set<string>();
		for (let page = 0; page < MAX_PAGES; page++) {
			const result = await client.listTools(cursor === undefined ? {} : { cursor }, { timeout });
			tools.push(...result.tools);
			cursor = result.nextCursor;
			if (cursor === undefined || seen.has(cursor)) break;
			seen.add(cursor);
		}
		return tools;
	}

	private async listPrompts(client: Client, timeout: number): Promise<Prompt[]> {
		const prompts: Prompt[] = [];
		let cursor: string | undefined;
		const seen = new Set<string>();
		for (let page = 0; page < MAX_PAGES; page++) {
			const result = await client.listPrompts(cursor === undefined ? {} : { cursor }, { timeout });
			prompts.push(...result.prompts);
			cursor = result.nextCursor;
			if (cursor === undefined || seen.has(cursor)) break;
			seen.add(cursor);
		}
		return prompts;
	}

	private onClientClosed(client: Client): void {
		if (this.client !== client) return;
		this.client = undefined;
		if (this.closed) return;
		this.state = "failed";
		this.detail = `MCP server "${this.name}" stopped: ${this.stopReason()}. It is started again on the next call.${this.stderrTail()}`;
		// What the server started may still run in its group.
		if (this.transport instanceof StdioProcessTransport) void this.transport.close();
		this.options.onListsChanged();
	}

	/** A remote server's broken session or network: the next call connects afresh. */
	private dropIfBroken(client: Client, error: unknown): void {
		if (this.transport instanceof StdioProcessTransport || this.client !== client) return;
		const transportFailure = !(error instanceof McpError) || error.code === ErrorCode.ConnectionClosed;
		if (!transportFailure) return;
		this.client = undefined;
		this.state = "failed";
		this.detail = `MCP server "${this.name}": ${errorText(error)}. It is connected again on the next call.`;
		void client.close().catch(() => {});
	}

	private startError(error: unknown, timeout: number): string {
		if (error instanceof McpError && error.code === ErrorCode.RequestTimeout)
			return `it did not answer within ${timeout} ms (raise "startupTimeout" in its settings if it is slow to start)`;
		if (error instanceof McpError && error.code === ErrorCode.ConnectionClosed) return this.stopReason();
		const status = error instanceof StreamableHTTPError || error instanceof SseError ? error.code : undefined;
		// Servers answer errors with HTML pages: keep their text, on one short line.
		const text = errorText(error)
			.replace(/<[^>]*>/g, " ")
			.replace(/\s+/g, " ")
			.trim();
		const clipped = text.length > 300 ? `${text.slice(0, 299)}…` : text;
		return typeof status === "number" && status > 0 ? `HTTP ${status}: ${clipped}` : clipped;
	}

	private stderrTail(): string {
		const lines = this.stderr?.tail() ?? [];
		if (lines.length === 0) return this.stderr ? ` (log: ${this.stderr.path})` : "";
		return `\nLast lines of its stderr (full log: ${this.stderr?.path}):\n${lines.map((line) => `  ${line}`).join("\n")}`;
	}
}

export function errorText(error: unknown): string {
	return error instanceof Error ? error.message : String(error);
}
