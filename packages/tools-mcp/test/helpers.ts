import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { AgentTool, AgentToolResult, ToolPack } from "@kestrel/agent-core";
import { afterEach } from "vitest";
import { type McpServerSettings, type McpToolPackOptions, mcpToolPack } from "../src/index.js";

export const NODE = process.execPath;
export const FAULT_SERVER = fileURLToPath(new URL("./fixtures/fault-server.mjs", import.meta.url));
export const EVERYTHING_SERVER = fileURLToPath(
	new URL("../node_modules/@modelcontextprotocol/server-everything/dist/index.js", import.meta.url),
);
export const FILESYSTEM_SERVER = fileURLToPath(
	new URL("../node_modules/@modelcontextprotocol/server-filesystem/dist/index.js", import.meta.url),
);

/** A fresh temporary folder per call, removed after each test. */
export function useTempDir(): () => string {
	const dirs: string[] = [];
	afterEach(() => {
		for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
	});
	return () => {
		const dir = mkdtempSync(join(tmpdir(), "kestrel-mcp-test-"));
		dirs.push(dir);
		return dir;
	};
}

export interface TestPack {
	pack: ToolPack;
	warnings: string[];
	logDir: string;
	tool(name: string): AgentTool;
	call(name: string, args?: Record<string, unknown>, signal?: AbortSignal): Promise<AgentToolResult>;
}

/** Packs made by {@link usePacks}'s function are closed after each test. */
export function usePacks(
	tempDir: () => string,
): (servers: Record<string, McpServerSettings>, options?: Partial<McpToolPackOptions>) => Promise<TestPack> {
	const packs: ToolPack[] = [];
	afterEach(async () => {
		await Promise.all(packs.splice(0).map((pack) => pack.close?.()));
	});
	return async (servers, options = {}) => {
		const warnings: string[] = [];
		const logDir = join(tempDir(), "logs");
		const pack = mcpToolPack({
			servers,
			logDir,
			warn: (message) => warnings.push(message),
			closeGraceMs: 500,
			...options,
		});
		packs.push(pack);
		await pack.start?.(new AbortController().signal);
		const tool = (name: string) => {
			const found = pack.tools().find((candidate) => candidate.name === name);
			if (!found)
				throw new Error(
					`no tool ${name}; have ${pack
						.tools()
						.map((t) => t.name)
						.join(", ")}`,
				);
			return found;
		};
		return {
			pack,
			warnings,
			logDir,
			tool,
			call: (name, args = {}, signal = new AbortController().signal) =>
				tool(name).execute("call", args, signal, () => {}),
		};
	};
}

/** The fault server's settings; `extra` adds flags. */
export function faultServer(
	extra: string[] = [],
	settings: Partial<McpServerSettings> = {},
): McpServerSettings {
	return { command: NODE, args: [FAULT_SERVER, ...extra], ...settings };
}

/** The text blocks of a result, joined. */
export function textOf(result: AgentToolResult): string {
	return result.content
		.map((block) => (block.type === "text" ? block.text : `[image ${block.mimeType}]`))
		.join("\n");
}

/** Polls `check` until it holds (wide limit: busy machines are slow, never flaky). */
export async function eventually(check: () => boolean, what: string, timeoutMs = 20_000): Promise<void> {
	const deadline = Date.now() + timeoutMs;
	while (!check()) {
		if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
		await new Promise((resolve) => setTimeout(resolve, 20));
	}
}

export function readLines(path: string): string[] {
	try {
		return readFileSync(path, "utf8").split("\n").filter(Boolean);
	} catch {
		return [];
	}
}
