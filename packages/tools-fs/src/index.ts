export { fsGuidelinesFor } from "./declarations/fs-guidelines.js";
export { type ApplyEditsResult, applyEdits, type EditRequest } from "./edit/apply-edits.js";
export { findClosestRegion } from "./edit/closest-region.js";
export {
	createEditTool,
	type EditArguments,
	editParameters,
	editToolGuidelines,
	prepareEditArguments,
} from "./edit/edit-tool.js";
export { type NormalisedText, normaliseWithOffsetMap } from "./edit/normalise.js";
export { type FileSnapshot, FileStateTracker } from "./file-state/file-state-tracker.js";
export { createFindTool, type FindArguments, findParameters, findToolGuidelines } from "./find/find-tool.js";
export { createFsTools, type FsTools, type FsToolsOptions, fsToolsGuidelines } from "./fs-tools.js";
export type { GrepDetails, GrepEngineOptions } from "./grep/grep-engine-options.js";
export { createGrepTool, type GrepArguments, grepParameters, grepToolGuidelines } from "./grep/grep-tool.js";
export { createLsTool, type ListArguments, lsParameters, lsToolGuidelines } from "./ls/ls-tool.js";
export { MutationQueue } from "./mutation-queue/mutation-queue.js";
export { FileSystemError, isNotFound } from "./operations/errors.js";
export { createLocalFileOperations } from "./operations/local-file-operations.js";
export { fsToolPack, toolPack } from "./pack/fs-pack.js";
export { PathAccessError, PathResolver, type ResolvedPath } from "./paths/path-resolver.js";
export { createReadTool, type ReadArguments, readParameters, readToolGuidelines } from "./read/read-tool.js";
export type {
	ClosestRegion,
	ConfineOptions,
	DirectoryEntry,
	EditFailure,
	EditMatchDetails,
	EditToolDetails,
	EditToolOptions,
	FileKind,
	FileOperations,
	FileStat,
	FindToolDetails,
	FindToolOptions,
	FsToolOptions,
	GrepMatch,
	GrepToolDetails,
	GrepToolOptions,
	LineDifference,
	ListToolDetails,
	ListToolOptions,
	MatchKind,
	OutsideRootPolicy,
	PathAccess,
	ReadStreamOptions,
	ReadToolDetails,
	ReadToolOptions,
	WriteFileOptions,
	WriteToolDetails,
	WriteToolOptions,
} from "./types.js";
export {
	createWriteTool,
	type WriteArguments,
	writeParameters,
	writeToolGuidelines,
} from "./write/write-tool.js";
