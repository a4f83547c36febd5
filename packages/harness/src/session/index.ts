export { restoreImages } from "./blob-content.js";
export { type BlobStore, FileBlobStore, MemoryBlobStore } from "./blob-store.js";
export { buildSessionContext, type ContentRestorer } from "./build-session-context.js";
export { FileSessionBackend } from "./file-session-backend.js";
export { MemorySessionBackend } from "./memory-session-backend.js";
export { OLDEST_SESSION_FORMAT_VERSION } from "./migrations.js";
export {
	type ParsedSession,
	parseSessionBytes,
	parseSessionContent,
	parseSessionText,
} from "./parse-session-text.js";
export {
	DEFAULT_PRUNE_MIN_AGE_MS,
	type PruneBlobsOptions,
	type PruneBlobsResult,
	pruneBlobs,
} from "./prune-blobs.js";
export type { SessionBackend } from "./session-backend.js";
export type { UnreadableSessionFile } from "./session-index.js";
export { type SessionContentInfo, sessionContentInfo } from "./session-info.js";
export type { LockHolder, SessionLockOptions } from "./session-lock.js";
export {
	type BackendSessionManagerOptions,
	type CreateSessionOptions,
	type InMemorySessionManagerOptions,
	type OpenSessionOptions,
	SessionManager,
	type SessionManagerOptions,
	serialize as serializeSession,
} from "./session-manager.js";
export type { SessionStorage } from "./session-storage.js";
export type { WriterLock } from "./stored-session.js";
export {
	type Annotation,
	type BlobImageRef,
	type BranchSummaryEntry,
	type CompactionEntry,
	type CompactionFailedEntry,
	type CompactionReason,
	type CustomEntry,
	type CustomMessageEntry,
	type FsyncPolicy,
	type LabelEntry,
	type LeafEntry,
	type LoadIssue,
	type LockConflict,
	type MessageEntry,
	type ModelChangeEntry,
	SESSION_FORMAT_VERSION,
	type Session,
	type SessionContext,
	type SessionEntry,
	SessionFormatError,
	type SessionHeader,
	type SessionInfo,
	SessionLockedError,
	type SessionNameEntry,
	SessionReadOnlyError,
	type SessionTreeNode,
	type ThinkingLevelChangeEntry,
	type TreeEntry,
} from "./types.js";
