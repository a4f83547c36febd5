/**
 * The contract of compaction: settings, and what each step takes and returns.
 *
 * Compaction is a pipeline of pure steps (measure → decide → plan the cut → summarise →
 * persist), each tested on its own; `compactSession` runs them against a session.
 */
import type { AgentMessage, StreamFn } from "@kestrel/agent-core";
import type { Model, Provider, Tool } from "@kestrel/ai";
import type { CompactionEntry, CompactionFailedEntry, CompactionReason } from "../session/types.js";

export interface CompactionSettings {
	/** `false` turns every automatic and overflow compaction off (manual `compact()` still runs). Default true. */
	enabled: boolean;
	/** Compact when the context passes this fraction of the model's window. Default 0.8. */
	threshold: number;
	/** …or when fewer than this many tokens of the window would stay free. Default 16,384. */
	reserveTokens: number;
	/** Recent history kept word for word after the summary, in tokens. Default 20,000. */
	keepRecentTokens: number;
	/** Each tool result is cut to this many characters in the summariser's input. Default 2,000. */
	toolResultMaxChars: number;
	/** The output limit of one summary request. Default 4,096. */
	summaryMaxTokens: number;
}

export const DEFAULT_COMPACTION_SETTINGS: Readonly<CompactionSettings> = Object.freeze({
	enabled: true,
	threshold: 0.8,
	reserveTokens: 16_384,
	keepRecentTokens: 20_000,
	toolResultMaxChars: 2_000,
	summaryMaxTokens: 4_096,
});

/** What `measureContext` found. */
export interface ContextMeasure {
	/** The figure decisions use: the larger of `fromUsage` and `estimated`. */
	tokens: number;
	/** A local estimate of the whole context (system prompt, tools, messages). */
	estimated: number;
	/**
	 * The last provider-reported usage (input + output + cache reads and writes of the
	 * last assistant message with non-zero usage) plus an estimate of the messages after
	 * it; absent when no message reported usage.
	 */
	fromUsage?: number;
}

/** What the model sees, for measuring. */
export interface MeasuredContext {
	systemPrompt?: string;
	messages: readonly AgentMessage[];
	tools?: readonly Tool[];
	/**
	 * The per-message estimate to use; default `estimateTokens`. A caller that measures
	 * the same growing transcript every turn passes a memoised one
	 * (`createTokenEstimator`), so a turn costs the new messages, not the whole history.
	 */
	estimate?: (message: AgentMessage) => number;
}

/** How a summary is requested: the summariser model and how to call it. */
export interface Summarizer {
	model: Model;
	/** `stream` from `@kestrel/ai` or `registry.stream.bind(registry)`. */
	streamFn: StreamFn;
	/** Resolves the key for the summariser's provider; default: the provider's environment variable. */
	getApiKey?: (provider: Provider) => string | undefined | Promise<string | undefined>;
}

/** What `compactSession` needs. */
export interface CompactSessionOptions {
	reason: CompactionReason;
	settings: CompactionSettings;
	/** The window the compacted context must fit: the current (or the next) model's. */
	contextWindow: number;
	summarizer: Summarizer;
	/** The system prompt and tools sent with the context, counted in the measure. */
	systemPrompt?: string;
	tools?: readonly Tool[];
	/** Extra instructions for the summary (manual `/compact focus on …`). */
	instructions?: string;
	signal?: AbortSignal;
	/** The context as measured just before, when the caller has it (it is measured otherwise). */
	measure?: ContextMeasure;
}

/** What `compactSession` did. */
export type CompactionOutcome =
	| {
			ok: true;
			entry: CompactionEntry;
			/** Summary requests made (more than one when the history was summarised in chunks). */
			summaryRequests: number;
	  }
	| {
			ok: false;
			entry: CompactionFailedEntry;
			error: string;
	  };
