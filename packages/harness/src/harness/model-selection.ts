import type { Model, ThinkingLevel } from "@kestrel/ai";
import type { Session } from "../session/types.js";
import { thinkingLevelFor } from "./loop-messages.js";

/** What applying a change did. */
export interface SelectionChange {
	model: boolean;
	thinkingLevel: boolean;
}

/**
 * The model and thinking level in force, the changes asked for during a run, and their
 * record in the session: every change is appended as an entry, so a resumed session
 * knows what was in force at any point.
 */
export class ModelSelection {
	private pendingModel: Model | undefined;
	private pendingLevel: ThinkingLevel | undefined;
	/** Whether the session has been told the current model and level. */
	private recorded = false;

	constructor(
		private current: Model,
		private level: ThinkingLevel,
	) {
		this.level = thinkingLevelFor(current, level);
	}

	get model(): Model {
		return this.current;
	}

	get thinkingLevel(): ThinkingLevel {
		return this.level;
	}

	get hasPending(): boolean {
		return this.pendingModel !== undefined || this.pendingLevel !== undefined;
	}

	/** A new session does not know the model yet. */
	forgetRecord(): void {
		this.recorded = false;
	}

	/** Appends the model and level in force when the session's record differs; once per session. */
	record(session: Session): void {
		if (this.recorded) return;
		this.recorded = true;
		const recorded = session.buildContext();
		if (recorded.model?.provider !== this.current.provider || recorded.model.modelId !== this.current.id) {
			session.appendModelChange({
				provider: this.current.provider,
				id: this.current.id,
				api: this.current.api,
			});
		}
		if (recorded.thinkingLevel !== this.level) session.appendThinkingLevelChange(this.level);
	}

	/** Switches now: records the model, and the level clamped to what it accepts if that changes. */
	adopt(session: Session, model: Model, wantedLevel: ThinkingLevel = this.level): SelectionChange {
		this.current = model;
		this.recorded = true;
		session.appendModelChange({ provider: model.provider, id: model.id, api: model.api });
		return { model: true, thinkingLevel: this.setLevel(session, wantedLevel) };
	}

	/** Sets the level now, clamped; records it if it changed. Returns whether it changed. */
	setLevel(session: Session, wanted: ThinkingLevel): boolean {
		const clamped = thinkingLevelFor(this.current, wanted);
		if (clamped === this.level) return false;
		this.level = clamped;
		session.appendThinkingLevelChange(clamped);
		return true;
	}

	/** Keeps a change asked for during a run, for the next model call. */
	queue(change: { model?: Model; thinkingLevel?: ThinkingLevel }): void {
		if (change.model) this.pendingModel = change.model;
		if (change.thinkingLevel !== undefined) this.pendingLevel = change.thinkingLevel;
	}

	/** Applies what was queued. */
	applyPending(session: Session): SelectionChange {
		const model = this.pendingModel;
		const level = this.pendingLevel;
		this.pendingModel = undefined;
		this.pendingLevel = undefined;
		if (model) return this.adopt(session, model, level ?? this.level);
		return { model: false, thinkingLevel: level !== undefined && this.setLevel(session, level) };
	}
}
