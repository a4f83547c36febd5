import type { AgentMessage, AgentTool } from "@kestrel/agent-core";
import type { Model } from "@kestrel/ai";
import { shouldCompact } from "../compaction/decide.js";
import { createTokenEstimator } from "../compaction/estimate.js";
import { measureContext } from "../compaction/measure.js";
import {
	type CompactionOutcome,
	type CompactionSettings,
	DEFAULT_COMPACTION_SETTINGS,
	type Summarizer,
} from "../compaction/types.js";
import type { CompactionReason, Session } from "../session/types.js";
import type { Attempts } from "./attempts.js";
import {
	type CompactionRequest,
	ineffectiveCompactionError,
	isEffective,
	runCompaction,
} from "./compaction-runner.js";
import { contextTooSmallError } from "./context-fit.js";
import type { HarnessEvent } from "./types.js";

/** What the compactor reads from the harness, always current. */
export interface CompactorHost {
	session(): Session;
	tools(): readonly AgentTool[];
	model(): Model;
	summarizer(): Summarizer;
	/** Emits a compaction event (the harness notes persisted entries). */
	emit(event: HarnessEvent): Promise<void>;
}

/**
 * The harness's compaction: measuring the context (each message estimated once per
 * harness), deciding whether it is due, compacting with events around it, and the guard
 * that stops a run after two compactions that did not help.
 */
export class HarnessCompactor {
	readonly settings: CompactionSettings;
	private readonly estimator = createTokenEstimator();

	constructor(
		private readonly host: CompactorHost,
		settings: Partial<CompactionSettings> | undefined,
	) {
		this.settings = { ...DEFAULT_COMPACTION_SETTINGS, ...settings };
	}

	/** The context's size in tokens, as the compaction decision sees it. */
	measure(messages: readonly AgentMessage[], systemPrompt: string | undefined): number {
		return measureContext({
			systemPrompt,
			messages,
			tools: this.host.tools(),
			estimate: this.estimator.estimate,
		}).tokens;
	}

	/** Whether compaction is on and the context needs it to fit `contextWindow` (default: the model's). */
	due(
		messages: readonly AgentMessage[],
		systemPrompt: string | undefined,
		contextWindow = this.host.model().contextWindow,
	): boolean {
		return (
			this.settings.enabled &&
			shouldCompact(this.measure(messages, systemPrompt), contextWindow, this.settings)
		);
	}

	/** A compaction inside a run; throws once two compactions in a row left the context too large. */
	async inRun(
		attempts: Attempts,
		reason: CompactionReason,
		willRetry: boolean,
		systemPrompt: string | undefined,
	): Promise<{ outcome: CompactionOutcome; effective: boolean }> {
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
		if (attempts.ineffectiveCompactions >= 2) {
			const fixed = { systemPrompt, tools: this.host.tools() };
			throw (
				contextTooSmallError(fixed, this.host.model(), this.settings) ??
				ineffectiveCompactionError(outcome, contextWindow, this.settings, fixed)
			);
		}
		return { outcome, effective };
	}

	/** Compacts the session now, with `compaction_start` / `entry_persisted` / `compaction_end`. */
	run(request: CompactionRequest): Promise<CompactionOutcome> {
		return runCompaction(
			{
				session: this.host.session(),
				tools: this.host.tools(),
				settings: this.settings,
				summarizer: this.host.summarizer(),
				emit: (event) => this.host.emit(event),
			},
			request,
		);
	}
}
