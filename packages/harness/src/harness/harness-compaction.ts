import type { AgentMessage, AgentTool } from "@kestrel/agent-core";
import type { Model } from "@kestrel/ai";
import { compactSession } from "../compaction/compact-session.js";
import { compactionLimit, shouldCompact } from "../compaction/decide.js";
import { createTokenEstimator, estimateFixedTokens } from "../compaction/estimate.js";
import { measureContext } from "../compaction/measure.js";
import {
	type CompactionOutcome,
	type CompactionSettings,
	type ContextMeasure,
	DEFAULT_COMPACTION_SETTINGS,
	type Summarizer,
} from "../compaction/types.js";
import type { CompactionReason, Session } from "../session/types.js";
import type { Attempts } from "./attempts.js";
import { contextTooSmallError } from "./context-fit.js";
import { HarnessError } from "./harness-error.js";
import type { HarnessEvent } from "./types.js";

/** What the compaction reads from the harness, always current. */
export interface CompactionHost {
	session(): Session;
	tools(): readonly AgentTool[];
	model(): Model;
	summarizer(): Summarizer;
	/** Emits a compaction event (the harness notes persisted entries). */
	emit(event: HarnessEvent): Promise<void>;
}

export interface CompactionRequest {
	reason: CompactionReason;
	/** Whether the interrupted request is sent again afterwards (reported in `compaction_end`). */
	willRetry: boolean;
	signal: AbortSignal;
	/** The window the result must fit; default the current model's (a model switch passes the next one's). */
	contextWindow?: number;
	systemPrompt: string | undefined;
	instructions?: string;
}

/** A compaction inside a run: whether it helped, and the failure that must stop the run, if any. */
export interface InRunCompaction {
	effective: boolean;
	/** Two compactions in a row left the context over the limit: the run ends with this as its outcome. */
	stop?: HarnessError;
}

/**
 * The harness's one compaction orchestrator: it measures the context (one estimator, each
 * message estimated once per harness), decides whether compaction is due, compacts with
 * `compaction_start` / `entry_persisted` / `compaction_end` around `compactSession` (handing
 * it that same measure), makes the entry durable, and inside a run says when two
 * compactions in a row did not help. It never throws for a compaction that failed: the
 * outcome says so, and the caller decides what the run does.
 */
export class HarnessCompaction {
	readonly settings: CompactionSettings;
	private readonly estimator = createTokenEstimator();

	constructor(
		private readonly host: CompactionHost,
		settings: Partial<CompactionSettings> | undefined,
	) {
		this.settings = { ...DEFAULT_COMPACTION_SETTINGS, ...settings };
	}

	/** The context as the compaction decision sees it (the larger of estimate and reported usage). */
	measure(messages: readonly AgentMessage[], systemPrompt: string | undefined): ContextMeasure {
		return measureContext({
			systemPrompt,
			messages,
			tools: this.host.tools(),
			estimate: this.estimator.estimate,
		});
	}

	/** Whether compaction is on and the context needs it to fit `contextWindow` (default: the model's). */
	due(
		messages: readonly AgentMessage[],
		systemPrompt: string | undefined,
		contextWindow = this.host.model().contextWindow,
	): boolean {
		return (
			this.settings.enabled &&
			shouldCompact(this.measure(messages, systemPrompt).tokens, contextWindow, this.settings)
		);
	}

	/** Compacts the session now, whatever the settings say, with its events; resolves with what it did. */
	async run(request: CompactionRequest): Promise<CompactionOutcome> {
		const session = this.host.session();
		const tools = this.host.tools();
		const { reason, willRetry, systemPrompt } = request;
		const contextWindow = request.contextWindow ?? this.host.model().contextWindow;
		const measure = this.measure(session.buildContext().messages, systemPrompt);
		await this.host.emit({ type: "compaction_start", reason, tokens: measure.tokens, contextWindow });
		const outcome = await compactSession(session, {
			reason,
			settings: this.settings,
			contextWindow,
			summarizer: this.host.summarizer(),
			systemPrompt,
			tools,
			instructions: request.instructions,
			signal: request.signal,
			measure,
		});
		await this.host.emit({ type: "entry_persisted", entry: outcome.entry });
		await this.host.emit(compactionEnd(outcome, reason, willRetry));
		await session.flush();
		return outcome;
	}

	/**
	 * A compaction inside a run (`attempts` counts the ones in a row that did not help):
	 * after the second such, `stop` is the failure the run ends with — `context_too_small`
	 * when the instructions alone are too large, else `compaction_ineffective`.
	 */
	async inRun(
		attempts: Attempts,
		reason: CompactionReason,
		willRetry: boolean,
		systemPrompt: string | undefined,
	): Promise<InRunCompaction> {
		const contextWindow = this.host.model().contextWindow;
		const outcome = await this.run({
			reason,
			willRetry,
			signal: attempts.signal,
			contextWindow,
			systemPrompt,
		});
		const effective = isEffective(outcome, contextWindow, this.settings);
		attempts.ineffectiveCompactions = effective ? 0 : attempts.ineffectiveCompactions + 1;
		if (attempts.ineffectiveCompactions < 2) return { effective };
		const fixed = { systemPrompt, tools: this.host.tools() };
		const stop =
			contextTooSmallError(fixed, this.host.model(), this.settings) ??
			ineffectiveCompactionError(outcome, contextWindow, this.settings, fixed);
		return { effective, stop };
	}
}

function compactionEnd(
	outcome: CompactionOutcome,
	reason: CompactionReason,
	willRetry: boolean,
): HarnessEvent {
	if (!outcome.ok) {
		return {
			type: "compaction_end",
			reason,
			ok: false,
			tokensBefore: outcome.entry.tokens,
			willRetry: false,
			error: outcome.error,
		};
	}
	const { entry } = outcome;
	return {
		type: "compaction_end",
		reason,
		ok: true,
		method: entry.method,
		tokensBefore: entry.tokensBefore,
		tokensAfter: entry.tokensAfter,
		willRetry,
		...(entry.summaryError === undefined ? {} : { error: entry.summaryError }),
	};
}

/** Whether a compaction brought the context under the limit and made it smaller. */
function isEffective(
	outcome: CompactionOutcome,
	contextWindow: number,
	settings: CompactionSettings,
): boolean {
	return (
		outcome.ok &&
		outcome.entry.tokensAfter < outcome.entry.tokensBefore &&
		outcome.entry.tokensAfter <= compactionLimit(contextWindow, settings)
	);
}

/** The failure that stops a run after compactions that did not help, naming the likely cause. */
function ineffectiveCompactionError(
	outcome: CompactionOutcome,
	contextWindow: number,
	settings: CompactionSettings,
	fixed: { systemPrompt?: string | undefined; tools: readonly AgentTool[] },
): HarnessError {
	const tokens = outcome.ok ? outcome.entry.tokensAfter : outcome.entry.tokens;
	const limit = compactionLimit(contextWindow, settings);
	const fixedTokens = estimateFixedTokens(fixed.systemPrompt, fixed.tools);
	const cause =
		fixedTokens > limit
			? `the system prompt and tool definitions alone take ${fixedTokens} tokens: shorten the context files or use fewer tools`
			: "the recent messages alone do not fit: start a new session, switch to a model with a larger window, or lower compaction.keepRecentTokens";
	return new HarnessError(
		"compaction_ineffective",
		`The context is still ${tokens} tokens after two compactions (limit ${limit} of a ${contextWindow}-token window); ${cause}.`,
	);
}
