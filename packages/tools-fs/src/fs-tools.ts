import type { AgentTool } from "@kestrel/agent-core";
import { fsGuidelinesFor } from "./declarations/fs-guidelines.js";
import { createEditTool, type editParameters } from "./edit/edit-tool.js";
import { FileStateTracker } from "./file-state/file-state-tracker.js";
import { createFindTool, type findParameters } from "./find/find-tool.js";
import type { GrepDetails, GrepEngineOptions } from "./grep/grep-engine-options.js";
import { createGrepTool, type grepParameters } from "./grep/grep-tool.js";
import { createLsTool, type lsParameters } from "./ls/ls-tool.js";
import { MutationQueue } from "./mutation-queue/mutation-queue.js";
import { createLocalFileOperations } from "./operations/local-file-operations.js";
import { createReadTool, type readParameters } from "./read/read-tool.js";
import type {
	EditToolDetails,
	EditToolOptions,
	FindToolDetails,
	FindToolOptions,
	FsToolOptions,
	GrepToolOptions,
	ListToolDetails,
	ListToolOptions,
	ReadToolDetails,
	ReadToolOptions,
	WriteToolDetails,
	WriteToolOptions,
} from "./types.js";
import { createWriteTool, type writeParameters } from "./write/write-tool.js";

/** Options for the whole pack: shared settings, plus per-tool ones (which win). */
export interface FsToolsOptions extends FsToolOptions {
	read?: Omit<ReadToolOptions, keyof FsToolOptions>;
	write?: Omit<WriteToolOptions, keyof FsToolOptions>;
	edit?: Omit<EditToolOptions, keyof FsToolOptions>;
	ls?: Omit<ListToolOptions, keyof FsToolOptions>;
	find?: Omit<FindToolOptions, keyof FsToolOptions>;
	grep?: Omit<GrepToolOptions, keyof FsToolOptions> & GrepEngineOptions;
}

/** The six tools, by name. `Object.values(tools)` is the list to give an agent. */
export interface FsTools {
	read: AgentTool<typeof readParameters, ReadToolDetails>;
	write: AgentTool<typeof writeParameters, WriteToolDetails>;
	edit: AgentTool<typeof editParameters, EditToolDetails>;
	ls: AgentTool<typeof lsParameters, ListToolDetails>;
	find: AgentTool<typeof findParameters, FindToolDetails>;
	grep: AgentTool<typeof grepParameters, GrepDetails>;
}

/**
 * All six file tools for one workspace, sharing one file-system implementation, one
 * `FileStateTracker` (what read saw is what write checks against) and one
 * `MutationQueue` (edits and writes of one file never interleave).
 */
export function createFsTools(root: string, options: FsToolsOptions = {}): FsTools {
	const { read, write, edit, ls, find, grep, ...shared } = options;
	// ripgrep reads the disk itself: it may search only when the tools' files are the local disk.
	const grepEngine: GrepEngineOptions = shared.operations === undefined ? { engine: "ripgrep" } : {};
	const common: FsToolOptions = {
		...shared,
		operations: shared.operations ?? createLocalFileOperations(),
		fileState: shared.fileState ?? new FileStateTracker(),
		mutationQueue: shared.mutationQueue ?? new MutationQueue(),
	};
	return {
		read: createReadTool(root, { ...common, ...read }),
		write: createWriteTool(root, { ...common, ...write }),
		edit: createEditTool(root, { ...common, ...edit }),
		ls: createLsTool(root, { ...common, ...ls }),
		find: createFindTool(root, { ...common, ...find }),
		grep: createGrepTool(root, { ...common, ...grepEngine, ...grep }),
	};
}

/** Usage rules for all six tools, one per line, for a system prompt (a pack asks {@link fsGuidelinesFor} for the active ones). */
export const fsToolsGuidelines = fsGuidelinesFor(["read", "write", "edit", "ls", "find", "grep"]).join("\n");
