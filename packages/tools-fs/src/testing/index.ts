/**
 * Test helpers of `@kestrel/tools-fs`: an in-memory file system for the tools, for the
 * package's own tests and for apps that test their agents without touching the disk.
 */
export {
	MemoryFileOperations,
	type MemoryFileOperationsOptions,
	type MemoryOperationCounters,
} from "../operations/memory-file-operations.js";
