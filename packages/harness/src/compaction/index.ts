export { type CompactableSession, compactSession, MAX_KEEP_FRACTION } from "./compact-session.js";
export { type CutItem, type CutPoint, findCutPoint } from "./cut-point.js";
export { compactionLimit, shouldCompact } from "./decide.js";
export { createTokenEstimator, estimateContextTokens, estimateTokens, IMAGE_TOKENS } from "./estimate.js";
export { type FallbackInput, type FallbackResult, fallbackCompaction } from "./fallback.js";
export { collectFileOperations, type FileOperations } from "./files.js";
export { measureContext } from "./measure.js";
export {
	type CandidateEntry,
	type CompactionPlan,
	planCompaction,
} from "./plan.js";
export { serializeMessages } from "./serialize.js";
export { type SummarizeInput, type SummarizeResult, summarizeHistory } from "./summarize.js";
export { SummaryError, type SummaryErrorKind } from "./summary-error.js";
export { SUMMARY_SECTIONS } from "./summary-prompts.js";
export {
	type CompactionOutcome,
	type CompactionSettings,
	type CompactSessionOptions,
	type ContextMeasure,
	DEFAULT_COMPACTION_SETTINGS,
	type MeasuredContext,
	type Summarizer,
} from "./types.js";
