import * as fs from "node:fs/promises";
import { tmpdir } from "node:os";
import * as nodePath from "node:path";
import type { AgentTool, AgentToolResult } from "@kestrel/agent-core";
import type { TSchema } from "typebox";
import { afterEach } from "vitest";
import { createLocalFileOperations } from "../src/operations/local-file-operations.js";
import { MemoryFileOperations } from "../src/operations/memory-file-operations.js";
import type { FileOperations } from "../src/types.js";

/** A workspace the tools run in, and the hands of a user who changes it behind their back. */
export interface Workspace {
	kind: "disk" | "memory";
	root: string;
	operations: FileOperations;
	/** Writes a file as a user's editor would (not through the tools). */
	put(relative: string, content: string | Uint8Array, mode?: number): Promise<void>;
	bytes(relative: string): Promise<Uint8Array>;
	text(relative: string): Promise<string>;
	exists(relative: string): Promise<boolean>;
	names(relativeFolder: string): Promise<string[]>;
	symlink(target: string, relative: string): Promise<void>;
	mode(relative: string): Promise<number>;
	path(relative: string): string;
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
	for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** A fresh temporary folder on disk, removed after the test. */
export async function temporaryFolder(): Promise<string> {
	const folder = await fs.realpath(await fs.mkdtemp(nodePath.join(tmpdir(), "kestrel-tools-fs-")));
	cleanups.push(() => fs.rm(folder, { recursive: true, force: true }));
	return folder;
}

export async function diskWorkspace(files: Record<string, string | Uint8Array> = {}): Promise<Workspace> {
	const parent = await temporaryFolder();
	const root = nodePath.join(parent, "work");
	await fs.mkdir(root);
	const path = (relative: string) => nodePath.resolve(root, relative);
	const workspace: Workspace = {
		kind: "disk",
		root,
		operations: createLocalFileOperations(),
		put: async (relative, content, mode) => {
			await fs.mkdir(nodePath.dirname(path(relative)), { recursive: true });
			await fs.writeFile(path(relative), content);
			if (mode !== undefined) await fs.chmod(path(relative), mode);
		},
		bytes: async (relative) => new Uint8Array(await fs.readFile(path(relative))),
		text: (relative) => fs.readFile(path(relative), "utf8"),
		exists: (relative) =>
			fs.lstat(path(relative)).then(
				() => true,
				() => false,
			),
		names: async (relative) => (await fs.readdir(path(relative))).sort(),
		symlink: (target, relative) => fs.symlink(target, path(relative)),
		mode: async (relative) => (await fs.stat(path(relative))).mode & 0o7777,
		path,
	};
	for (const [relative, content] of Object.entries(files)) await workspace.put(relative, content);
	return workspace;
}

export async function memoryWorkspace(files: Record<string, string | Uint8Array> = {}): Promise<Workspace> {
	const root = "/home/user/work";
	const operations = new MemoryFileOperations();
	await operations.mkdir(root);
	const path = (relative: string) => nodePath.posix.resolve(root, relative);
	const workspace: Workspace = {
		kind: "memory",
		root,
		operations,
		put: async (relative, content, mode) => {
			operations.setFile(path(relative), content, mode === undefined ? {} : { mode });
		},
		bytes: async (relative) => {
			const bytes = operations.getBytes(path(relative));
			if (!bytes) throw new Error(`no file ${relative}`);
			return bytes;
		},
		text: async (relative) => {
			const text = operations.getText(path(relative));
			if (text === undefined) throw new Error(`no file ${relative}`);
			return text;
		},
		exists: (relative) =>
			operations.lstat(path(relative)).then(
				() => true,
				() => false,
			),
		names: async (relative) => (await operations.readdir(path(relative))).map((entry) => entry.name).sort(),
		symlink: async (target, relative) => operations.symlink(target, path(relative)),
		mode: async (relative) => (await operations.stat(path(relative))).mode,
		path,
	};
	for (const [relative, content] of Object.entries(files)) await workspace.put(relative, content);
	return workspace;
}

/** Both back ends, for `describe.each`. */
export const backends = [
	{ name: "disk", create: diskWorkspace },
	{ name: "memory", create: memoryWorkspace },
] as const;

/** Runs a tool call as the loop would. */
export function run<TParameters extends TSchema, TDetails>(
	tool: AgentTool<TParameters, TDetails>,
	args: Record<string, unknown>,
	signal: AbortSignal = new AbortController().signal,
): Promise<AgentToolResult<TDetails>> {
	const prepared = tool.prepareArguments ? tool.prepareArguments(args) : args;
	return tool.execute("call_1", prepared as never, signal, () => undefined);
}

/** The text of a result (its first text block). */
export function textOf(result: AgentToolResult<unknown>): string {
	const block = result.content.find((item) => item.type === "text");
	return block?.type === "text" ? block.text : "";
}

export const encode = (text: string) => new TextEncoder().encode(text);
export const decode = (bytes: Uint8Array) => new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
