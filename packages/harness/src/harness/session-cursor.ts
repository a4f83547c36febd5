import type { AgentMessage } from "@kestrel/agent-core";
import type { MessageEntry, Session } from "../session/types.js";

/**
 * The session the harness writes to, and the entry it appended last: when the session's
 * leaf has moved elsewhere since (another writer, a `navigate`), the next turn reloads
 * the context from the session instead of going on from its own.
 */
export class SessionCursor {
	private lastPersistedId: string | null = null;

	constructor(private current: Session) {}

	get session(): Session {
		return this.current;
	}

	/** Continues in `session`; its context is read afresh. */
	switchTo(session: Session): void {
		this.current = session;
		this.lastPersistedId = null;
	}

	/** Appends a message; the entry becomes the harness's own last one. */
	append(message: AgentMessage): MessageEntry {
		const entry = this.current.appendMessage(message);
		this.lastPersistedId = entry.id;
		return entry;
	}

	/** The session's leaf is the harness's own (it appended or moved there itself). */
	claimLeaf(): void {
		this.lastPersistedId = this.current.leafId;
	}

	/** Whether the leaf moved since the harness last wrote: the context must be reloaded. */
	get moved(): boolean {
		return this.current.leafId !== this.lastPersistedId;
	}
}
