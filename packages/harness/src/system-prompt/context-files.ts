import { dirname, join, resolve } from "node:path";
import { createPromptFileReader, type PromptFileReader } from "./prompt-file-reader.js";

/** A file of instructions placed in the system prompt, under a heading with its path. */
export interface ContextFile {
	/** The absolute path. */
	path: string;
	content: string;
}

/** Where the loaders look. */
export interface PromptFileLocations {
	/** The working directory; relative paths are resolved against the process's. */
	cwd: string;
	/** Kestrel's global folder (`kestrelHome()`). */
	globalDir: string;
	/** How files are read; default: from disk, every time. */
	reader?: PromptFileReader;
}

/** The names of a folder's context file, the first one that can be read wins. */
const CONTEXT_FILE_NAMES = ["AGENTS.md", "CLAUDE.md"] as const;

/**
 * The context files for `cwd`, in prompt order: the global folder's `AGENTS.md` (else
 * `CLAUDE.md`), then one per folder from the project root down to `cwd` (outermost first,
 * `AGENTS.md` else `CLAUDE.md` in each). The project root is the nearest ancestor of
 * `cwd` (or `cwd` itself) holding a `.git` folder or file; without one, every folder from
 * the filesystem root. Files that cannot be read are skipped (a folder whose `AGENTS.md`
 * cannot be read falls back to its `CLAUDE.md`); a file is listed once even when the
 * global folder is also on the path.
 */
export async function loadContextFiles(locations: PromptFileLocations): Promise<ContextFile[]> {
	const reader = locations.reader ?? createPromptFileReader();
	const cwd = resolve(locations.cwd);
	const folders = [resolve(locations.globalDir), ...(await projectFolders(cwd, reader))];
	const files: ContextFile[] = [];
	const seen = new Set<string>();
	for (const folder of folders) {
		const file = await readFirst(folder, reader);
		if (file && !seen.has(file.path)) {
			seen.add(file.path);
			files.push(file);
		}
	}
	return files;
}

/** The system prompt files: what replaces the base prompt and what is appended to it. */
export interface PromptFiles {
	/** `<cwd>/.kestrel/SYSTEM.md`, else `<globalDir>/SYSTEM.md`. */
	customPrompt?: string;
	/** `<globalDir>/APPEND_SYSTEM.md` then `<cwd>/.kestrel/APPEND_SYSTEM.md`, those that exist. */
	appendPrompts: string[];
}

/**
 * Reads `SYSTEM.md` (the project's wins over the global one) and both `APPEND_SYSTEM.md`
 * files (global first). Only `<cwd>/.kestrel/` counts for the project, not its ancestors.
 */
export async function loadPromptFiles(locations: PromptFileLocations): Promise<PromptFiles> {
	const reader = locations.reader ?? createPromptFileReader();
	const projectDir = join(resolve(locations.cwd), ".kestrel");
	const customPrompt =
		(await reader.read(join(projectDir, "SYSTEM.md"))) ??
		(await reader.read(join(resolve(locations.globalDir), "SYSTEM.md")));
	const appendPrompts = await loadAppendPrompts({ ...locations, reader });
	return customPrompt === undefined ? { appendPrompts } : { customPrompt, appendPrompts };
}

/** The `APPEND_SYSTEM.md` texts alone: global, then project. */
export async function loadAppendPrompts(locations: PromptFileLocations): Promise<string[]> {
	const reader = locations.reader ?? createPromptFileReader();
	const projectDir = join(resolve(locations.cwd), ".kestrel");
	const globalDir = resolve(locations.globalDir);
	const appendPrompts: string[] = [];
	// One after the other, not in parallel, so the order of reads (and of the result) is fixed.
	for (const folder of globalDir === projectDir ? [globalDir] : [globalDir, projectDir]) {
		const text = await reader.read(join(folder, "APPEND_SYSTEM.md"));
		if (text !== undefined) appendPrompts.push(text);
	}
	return appendPrompts;
}

/** The folders from the project root (or the filesystem root) down to `cwd`, outermost first. */
async function projectFolders(cwd: string, reader: PromptFileReader): Promise<string[]> {
	const upward: string[] = [];
	let folder = cwd;
	for (;;) {
		upward.push(folder);
		if (await reader.exists(join(folder, ".git"))) break;
		const parent = dirname(folder);
		if (parent === folder) break;
		folder = parent;
	}
	return upward.reverse();
}

async function readFirst(folder: string, reader: PromptFileReader): Promise<ContextFile | undefined> {
	for (const name of CONTEXT_FILE_NAMES) {
		const path = join(folder, name);
		const content = await reader.read(path);
		if (content !== undefined) return { path, content };
	}
	return undefined;
}
