export { restoreImages } from "./blob-content.js";
export { buildSessionContext, type ContentRestorer } from "./build-session-context.js";
export { OLDEST_SESSION_FORMAT_VERSION } from "./migrations.js";
export { type ParsedSession, parseSessionBytes, parseSessionText } from "./parse-session-text.js";
export {
	DEFAULT_PRUNE_MIN_AGE_MS,
	type PruneBlobsOptions,
	type PruneBlobsResult,
	pruneBlobs,
} from "./prune-blobs.js";
export type { LockHolder, SessionLockOptions } from "./session-lock.js";
export {
	type CreateSessionOptions,
	type InMemorySessionManagerOptions,
	type OpenSessionOptions,
	SessionManager,
	type SessionManagerOptions,
} from "./session-manager.js";
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
