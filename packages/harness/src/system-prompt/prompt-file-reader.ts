import { readFile, stat } from "node:fs/promises";

/**
 * The file-system calls the system-prompt loaders make. Node's `fs/promises` fits; tests
 * pass wrappers that count calls, apps may serve the files from elsewhere.
 */
export interface PromptFileOperations {
	/** Rejects when nothing exists at `path`. */
	stat(path: string): Promise<{ isFile(): boolean; mtimeMs: number; size: number }>;
	readFile(path: string, encoding: "utf8"): Promise<string>;
}

/** How the loaders see files: text or nothing, never an error. */
export interface PromptFileReader {
	/** The text of the file at `path`; `undefined` when it is missing, not a file, or cannot be read. */
	read(path: string): Promise<string | undefined>;
	/** Whether anything (a file or a folder) exists at `path`. */
	exists(path: string): Promise<boolean>;
}

export const nodePromptFileOperations: PromptFileOperations = {
	stat: (path) => stat(path),
	readFile: (path, encoding) => readFile(path, encoding),
};

/** A reader that reads every file each time it is asked. */
export function createPromptFileReader(
	operations: PromptFileOperations = nodePromptFileOperations,
): PromptFileReader {
	return {
		read: async (path) => {
			try {
				if (!(await operations.stat(path)).isFile()) return undefined;
				return await operations.readFile(path, "utf8");
			} catch {
				return undefined;
			}
		},
		exists: (path) => exists(operations, path),
	};
}

/**
 * A reader that stats a file on every call but reads it again only when its modification
 * time or size changed since the last read, so it can run before every model call. The
 * cache lives as long as the reader.
 */
export function createCachingPromptFileReader(
	operations: PromptFileOperations = nodePromptFileOperations,
): PromptFileReader {
	const cache = new Map<string, { mtimeMs: number; size: number; content: string }>();
	return {
		read: async (path) => {
			try {
				const stats = await operations.stat(path);
				if (!stats.isFile()) {
					cache.delete(path);
					return undefined;
				}
				const cached = cache.get(path);
				if (cached && cached.mtimeMs === stats.mtimeMs && cached.size === stats.size) return cached.content;
				const content = await operations.readFile(path, "utf8");
				cache.set(path, { mtimeMs: stats.mtimeMs, size: stats.size, content });
				return content;
			} catch {
				cache.delete(path);
				return undefined;
			}
		},
		exists: (path) => exists(operations, path),
	};
}

async function exists(operations: PromptFileOperations, path: string): Promise<boolean> {
	try {
		await operations.stat(path);
		return true;
	} catch {
		return false;
	}
}
