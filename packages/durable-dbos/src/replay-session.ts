import type { AgentMessage } from "@kestrel/agent-core";
import type { Session, SessionEntry, TreeEntry } from "@kestrel/harness";

/**
 * A view of a session for a workflow that may be running again after a crash.
 *
 * A recovered workflow replays the harness from its first step: the same prompt, the
 * recorded model answers, the recorded tool results. The crashed attempt may already have
 * appended some of those entries to the session. The view starts at the leaf the run
 * started from (recorded in the workflow's first step) and treats the entries after it as
 * "already written": each append of the replay that matches the next such entry (same
 * kind and content; ids and timestamps aside) moves the view onto that entry instead of
 * writing a copy. Once they are used up, appends go to the session as usual. So the
 * session ends as the uninterrupted run leaves it: one copy of every entry, in order.
 *
 * If the replay ever differs from what was written (it should not: every answer comes
 * from the record), the view moves the session's leaf back to where they agree and goes
 * on from there: the entries already written stay in the tree as an abandoned branch,
 * never lost, never duplicated on the live branch.
 */
export function replaySession(session: Session, startLeafId: string | null): Session {
	const branch = session.getBranch();
	const start = startLeafId === null ? 0 : branch.findIndex((entry) => entry.id === startLeafId) + 1;
	// The start leaf is not on the current branch (moved by someone else): nothing to adopt.
	const pending: TreeEntry[] = startLeafId !== null && start === 0 ? [] : branch.slice(start);
	let viewLeaf: string | null = startLeafId;

	const leaf = (): string | null => (pending.length > 0 ? viewLeaf : session.leafId);

	/** Adopts the next written entry when it matches, else writes through (after leaving the written ones). */
	function write<E extends SessionEntry>(expected: Record<string, unknown>, append: () => E): E {
		const next = pending[0];
		if (next && sameContent(next, expected)) {
			pending.shift();
			viewLeaf = next.id;
			return next as unknown as E;
		}
		if (pending.length > 0) {
			pending.length = 0;
			session.branch(viewLeaf);
		}
		return append();
	}

	const overrides: Partial<Record<keyof Session, unknown>> = {
		appendMessage: (message: AgentMessage) =>
			write({ type: "message", message }, () => session.appendMessage(message)),
		appendModelChange: (model: { provider: string; id: string; api?: string }) =>
			write({ type: "model_change", provider: model.provider, modelId: model.id }, () =>
				session.appendModelChange(model),
			),
		appendThinkingLevelChange: (level: Parameters<Session["appendThinkingLevelChange"]>[0]) =>
			write({ type: "thinking_level_change", thinkingLevel: level }, () =>
				session.appendThinkingLevelChange(level),
			),
		appendCompaction: (compaction: Parameters<Session["appendCompaction"]>[0]) =>
			write({ type: "compaction", summary: compaction.summary }, () => session.appendCompaction(compaction)),
		appendCompactionFailed: (failure: Parameters<Session["appendCompactionFailed"]>[0]) =>
			write({ type: "compaction_failed", error: failure.error }, () =>
				session.appendCompactionFailed(failure),
			),
		appendCustom: (customType: string, data: unknown) =>
			write({ type: "custom", customType, data }, () => session.appendCustom(customType, data)),
		appendCustomMessage: (...args: Parameters<Session["appendCustomMessage"]>) =>
			write({ type: "custom_message", customType: args[0] }, () => session.appendCustomMessage(...args)),
		branch: (targetId: string | null) => {
			pending.length = 0;
			session.branch(targetId);
		},
		branchWithSummary: (targetId: string | null, summary: string) => {
			pending.length = 0;
			return session.branchWithSummary(targetId, summary);
		},
		buildContext: (leafId?: string | null) => session.buildContext(leafId === undefined ? leaf() : leafId),
		getBranch: (leafId?: string | null) => session.getBranch(leafId === undefined ? leaf() : leafId),
	};

	return new Proxy(session, {
		get(target, property) {
			if (property === "leafId") return leaf();
			if (typeof property === "string" && property in overrides) return overrides[property as keyof Session];
			const value = Reflect.get(target, property, target);
			return typeof value === "function" ? value.bind(target) : value;
		},
	});
}

/** Whether a written entry holds what an append would write: the fields of `expected`, messages without their timestamps. */
function sameContent(entry: TreeEntry, expected: Record<string, unknown>): boolean {
	const record = entry as unknown as Record<string, unknown>;
	for (const [key, value] of Object.entries(expected)) {
		const written = record[key];
		if (key === "message") {
			if (canonicalMessage(written) !== canonicalMessage(value)) return false;
		} else if (JSON.stringify(written) !== JSON.stringify(value)) return false;
	}
	return true;
}

/**
 * A message as text without what differs between two runs of the same step: its
 * timestamp, and image data (the store keeps images as blob references).
 */
function canonicalMessage(message: unknown): string {
	return JSON.stringify(message, (key, value) => {
		if (key === "timestamp") return undefined;
		if (value && typeof value === "object" && (value as { type?: unknown }).type === "image") return "image";
		return value;
	});
}
