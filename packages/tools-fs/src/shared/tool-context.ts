import { FileStateTracker } from "../file-state/file-state-tracker.js";
import { MutationQueue } from "../mutation-queue/mutation-queue.js";
import { createLocalFileOperations } from "../operations/local-file-operations.js";
import { PathResolver } from "../paths/path-resolver.js";
import type { FileOperations, FsToolOptions } from "../types.js";

/** What a tool needs besides its arguments, built once when the tool is created. */
export interface ToolContext {
	operations: FileOperations;
	paths: PathResolver;
	fileState: FileStateTracker;
	mutations: MutationQueue;
}

export function createToolContext(root: string, options: FsToolOptions = {}): ToolContext {
	const operations = options.operations ?? createLocalFileOperations();
	return {
		operations,
		paths: new PathResolver(root, operations, {
			...(options.allowOutsideRoot !== undefined && { allowOutsideRoot: options.allowOutsideRoot }),
			...(options.homeDirectory !== undefined && { homeDirectory: options.homeDirectory }),
		}),
		fileState: options.fileState ?? new FileStateTracker(),
		mutations: options.mutationQueue ?? new MutationQueue(),
	};
}
