import { resolve } from "node:path";
import { buildSystemPrompt, type PromptTool } from "./build-system-prompt.js";
import { loadAppendPrompts, loadContextFiles, loadPromptFiles } from "./context-files.js";
import {
	createCachingPromptFileReader,
	nodePromptFileOperations,
	type PromptFileOperations,
} from "./prompt-file-reader.js";

/** What {@link createSystemPromptSource} needs. */
export interface SystemPromptSourceOptions {
	cwd: string;
	/** Kestrel's global folder (`kestrelHome()`): global `AGENTS.md`, `SYSTEM.md`, `APPEND_SYSTEM.md`. */
	globalDir: string;
	/** Added after the `APPEND_SYSTEM.md` texts (`--append-system-prompt`). */
	append?: string[];
	/** Replaces the base prompt and wins over `SYSTEM.md`, which is then not read (`--system-prompt`). */
	customPrompt?: string;
	/**
	 * Fixed rules for the base prompt, listed whatever the tools; they come before the
	 * guidelines `build` receives with the active tools.
	 */
	guidelines?: string[];
	/** `false` loads no `AGENTS.md` / `CLAUDE.md` (the `contextFiles` setting). Default true. */
	contextFiles?: boolean;
	/** The clock for `Current date:` (local calendar date). Default `() => new Date()`. */
	now?: () => Date;
	/** File-system calls; default Node's. */
	operations?: PromptFileOperations;
}

/** Builds the system prompt before each model call. */
export interface SystemPromptSource {
	/**
	 * The system prompt for these tools and the guidelines of their packs (default none).
	 * The files are looked at on every call (one `stat`
	 * each) but read again only when their modification time or size changed, so an edited
	 * `AGENTS.md` is picked up on the next turn and an unchanged one costs no read.
	 */
	build(tools: readonly PromptTool[], guidelines?: readonly string[]): Promise<string>;
}

/** A {@link SystemPromptSource} over the prompt and context files of `cwd` and `globalDir`. */
export function createSystemPromptSource(options: SystemPromptSourceOptions): SystemPromptSource {
	const reader = createCachingPromptFileReader(options.operations ?? nodePromptFileOperations);
	const locations = { cwd: options.cwd, globalDir: options.globalDir, reader };
	const now = options.now ?? (() => new Date());
	return {
		build: async (tools, guidelines = []) => {
			const files =
				options.customPrompt === undefined
					? await loadPromptFiles(locations)
					: { customPrompt: options.customPrompt, appendPrompts: await loadAppendPrompts(locations) };
			const contextFiles = options.contextFiles === false ? [] : await loadContextFiles(locations);
			return buildSystemPrompt({
				customPrompt: files.customPrompt,
				appendPrompts: [...files.appendPrompts, ...(options.append ?? [])],
				tools,
				guidelines: [...(options.guidelines ?? []), ...guidelines],
				contextFiles,
				cwd: resolve(options.cwd),
				date: localDate(now()),
			});
		},
	};
}

function localDate(date: Date): string {
	const month = String(date.getMonth() + 1).padStart(2, "0");
	const day = String(date.getDate()).padStart(2, "0");
	return `${date.getFullYear()}-${month}-${day}`;
}
