import type { Model, ThinkingLevel } from "@kestrel/ai";
import type { HarnessCompaction } from "./harness-compaction.js";
import { ModelSelection, type SelectionChange } from "./model-selection.js";
import type { SessionCursor } from "./session-cursor.js";
import type { HarnessEvent } from "./types.js";

/** What switching models needs from the harness. */
export interface ModelControlHost {
	cursor: SessionCursor;
	compaction: HarnessCompaction;
	emit(event: HarnessEvent): Promise<void>;
	/** The system prompt the next model call would get. */
	systemPrompt(): Promise<string>;
}

/**
 * Model selection as the harness does it: the model and thinking level in force
 * ({@link ModelSelection}), a switch while idle (compacting first when the context would
 * not fit the new window), changes asked for during a run applied before the next model
 * call, and each change recorded in the session and announced to listeners.
 */
export class ModelControl {
	readonly selection: ModelSelection;

	constructor(
		private readonly host: ModelControlHost,
		model: Model,
		thinkingLevel: ThinkingLevel,
	) {
		this.selection = new ModelSelection(model, thinkingLevel);
	}

	get model(): Model {
		return this.selection.model;
	}

	get thinkingLevel(): ThinkingLevel {
		return this.selection.thinkingLevel;
	}

	/** Records the model and thinking level in force in the session, once per session, when they differ. */
	record(): void {
		this.selection.record(this.host.cursor.session);
		this.host.cursor.claimLeaf();
	}

	/** Switches now (the caller holds the busy gate), compacting first when the context would not fit `model`'s window. */
	async switchTo(model: Model, signal: AbortSignal): Promise<void> {
		const { cursor, compaction } = this.host;
		const systemPrompt = await this.host.systemPrompt();
		if (compaction.due(cursor.session.buildContext().messages, systemPrompt, model.contextWindow)) {
			await compaction.run({
				reason: "model_switch",
				willRetry: false,
				signal,
				contextWindow: model.contextWindow,
				systemPrompt,
			});
		}
		await this.announce(this.selection.adopt(cursor.session, model));
	}

	/** Sets the thinking level now, clamped to what the model accepts. */
	async setThinkingLevel(level: ThinkingLevel): Promise<void> {
		await this.announce({
			model: false,
			thinkingLevel: this.selection.setLevel(this.host.cursor.session, level),
		});
	}

	/** Applies the changes asked for during a run and announces them; returns whether the model changed. */
	async applyPending(): Promise<boolean> {
		const change = this.selection.applyPending(this.host.cursor.session);
		await this.announce(change);
		return change.model;
	}

	private async announce(change: SelectionChange): Promise<void> {
		if (!change.model && !change.thinkingLevel) return;
		this.host.cursor.claimLeaf();
		const { model, thinkingLevel } = this.selection;
		if (change.model) await this.host.emit({ type: "model_change", model, thinkingLevel });
		else await this.host.emit({ type: "thinking_level_change", thinkingLevel });
	}
}
