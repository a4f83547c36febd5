/**
 * One message of the history, as the cut-point search sees it. `other` is a summary or a
 * custom message: not part of a tool exchange, so a valid place to cut.
 */
export interface CutItem {
	kind: "user" | "assistant" | "toolResult" | "other";
	tokens: number;
}

/** Where to cut: items before `firstKeptIndex` are summarised, the rest kept word for word. */
export interface CutPoint {
	/** The first kept item; 0 means nothing is cut. */
	firstKeptIndex: number;
	/**
	 * Set when the cut falls on an assistant message in the middle of a turn: the index of
	 * the user message that opened that turn. Items from here to `firstKeptIndex` are the
	 * turn's start, summarised separately from the history before it.
	 */
	turnStartIndex?: number;
}

/**
 * Finds where to cut a history so that at least `keepRecentTokens` stay word for word.
 *
 * Walks back from the end adding tokens until the kept part reaches `keepRecentTokens`,
 * then moves further back to the nearest item that may start the kept part: anything
 * but a tool result (a cut there would separate the result from its call; the results of
 * a call follow its assistant message, so cutting at that message keeps them together).
 * When everything together is smaller than `keepRecentTokens`, nothing is cut.
 */
export function findCutPoint(items: readonly CutItem[], keepRecentTokens: number): CutPoint {
	let kept = 0;
	let index = items.length - 1;
	for (; index >= 0; index--) {
		kept += items[index]!.tokens;
		if (kept >= keepRecentTokens) break;
	}
	while (index > 0 && !isValidCut(items, index)) index--;
	if (index <= 0) return { firstKeptIndex: 0 };
	if (items[index]!.kind !== "assistant") return { firstKeptIndex: index };
	const turnStartIndex = findTurnStart(items, index);
	return turnStartIndex === undefined ? { firstKeptIndex: index } : { firstKeptIndex: index, turnStartIndex };
}

/** Whether a kept part may start at `index`. */
export function isValidCut(items: readonly CutItem[], index: number): boolean {
	return items[index]?.kind !== "toolResult";
}

/** The user message that opened the turn `index` is in, if one comes before it. */
function findTurnStart(items: readonly CutItem[], index: number): number | undefined {
	for (let before = index - 1; before >= 0; before--) {
		const kind = items[before]!.kind;
		if (kind === "user") return before;
		if (kind === "other") return undefined;
	}
	return undefined;
}
