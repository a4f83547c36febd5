/**
 * Request bodies read back into one neutral shape, so that the handoff matrix checks
 * every target with the same assertions. Each reader also reports what its format
 * forbids in the order of messages and blocks (`problems`).
 */

/**
 * Signed material as it went out: `content` is what the signature covers (thinking text,
 * answer text, a call's argument JSON; empty for redacted thinking), `signature` the
 * opaque part (Anthropic signature or redacted data, a Responses reasoning item as JSON
 * or an item id, a Gemini thought signature).
 */
export interface SignedBlock {
	kind: "thinking" | "redacted" | "text" | "call";
	content: string;
	signature: string;
}

/** A user or assistant turn, consecutive messages of one role merged (as Anthropic does). */
export interface WireTurn {
	role: "user" | "assistant";
	/** Every ordinary (unsigned) text: user text, assistant text, tool-result text. */
	texts: string[];
	calls: string[];
	results: string[];
	signed: SignedBlock[];
	images: number;
	/** The wire type of the turn's first block (`thinking`, `text`, `tool_use`, …). */
	firstBlock?: string;
}

export interface WireTranscript {
	turns: WireTurn[];
	problems: string[];
}

export type Json = Record<string, unknown>;

/** The current turn if it has `role`, else a new one. */
export function turnFor(turns: WireTurn[], role: WireTurn["role"]): WireTurn {
	const last = turns.at(-1);
	if (last?.role === role) return last;
	const turn: WireTurn = { role, texts: [], calls: [], results: [], signed: [], images: 0 };
	turns.push(turn);
	return turn;
}

/**
 * Anthropic Messages: consecutive turns of one role are merged (the API does the same);
 * in a user turn, `tool_result` blocks come before anything else; with thinking on, a
 * request that continues a tool loop needs the last assistant turn to start with thinking.
 */
export function readAnthropicBody(body: Json): WireTranscript {
	const turns: WireTurn[] = [];
	const problems: string[] = [];
	let sawNonResult = false;
	for (const message of body.messages as Json[]) {
		const role = message.role as WireTurn["role"];
		const merged = turns.at(-1)?.role === role;
		const turn = turnFor(turns, role);
		if (!merged) sawNonResult = false;
		const blocks =
			typeof message.content === "string"
				? [{ type: "text", text: message.content }]
				: (message.content as Json[]);
		for (const block of blocks) {
			turn.firstBlock ??= block.type as string;
			if (block.type !== "tool_result") sawNonResult = true;
			switch (block.type) {
				case "text":
					turn.texts.push(block.text as string);
					break;
				case "image":
					turn.images += 1;
					break;
				case "thinking":
					turn.signed.push({
						kind: "thinking",
						content: block.thinking as string,
						signature: block.signature as string,
					});
					break;
				case "redacted_thinking":
					turn.signed.push({ kind: "redacted", content: "", signature: block.data as string });
					break;
				case "tool_use":
					turn.calls.push(block.id as string);
					break;
				case "tool_result":
					if (sawNonResult) problems.push("a tool_result block after other blocks of its user turn");
					turn.results.push(block.tool_use_id as string);
					for (const part of (block.content as Json[] | undefined) ?? []) {
						if (part.type === "text") turn.texts.push(part.text as string);
						if (part.type === "image") turn.images += 1;
					}
					break;
				default:
					problems.push(`unexpected block type ${String(block.type)}`);
			}
		}
	}
	const lastAssistant = turns.findLast((turn) => turn.role === "assistant");
	const continuesLoop = turns.at(-1)?.results.length;
	const startsWithThinking = ["thinking", "redacted_thinking"].includes(lastAssistant?.firstBlock ?? "");
	if (body.thinking && continuesLoop && !startsWithThinking) {
		problems.push("thinking is on but the continued assistant turn does not start with a thinking block");
	}
	return { turns, problems };
}

/**
 * Chat Completions: `tool` messages come right after the assistant message that made
 * the calls (or after each other) and answer each of its calls; nothing comes between.
 */
export function readChatCompletionsBody(body: Json): WireTranscript {
	const turns: WireTurn[] = [];
	const problems: string[] = [];
	let awaiting = new Set<string>();
	let previousRole: string | undefined;
	for (const message of body.messages as Json[]) {
		const role = message.role as string;
		if (role !== "tool" && awaiting.size > 0)
			problems.push(`a ${role} message before every tool call was answered`);
		if (role === "system" || role === "developer") {
			if (previousRole !== undefined) problems.push("a system message after the first message");
		} else if (role === "tool") {
			if (previousRole !== "assistant" && previousRole !== "tool")
				problems.push("a tool message not after its calls");
			const id = message.tool_call_id as string;
			if (!awaiting.delete(id)) problems.push(`a tool message for ${id}, which the assistant did not call`);
			const turn = turnFor(turns, "user");
			turn.results.push(id);
			turn.texts.push(message.content as string);
		} else if (role === "user") {
			const turn = turnFor(turns, "user");
			for (const part of typeof message.content === "string"
				? [{ type: "text", text: message.content }]
				: (message.content as Json[])) {
				if (part.type === "text") turn.texts.push(part.text as string);
				if (part.type === "image_url") turn.images += 1;
			}
		} else if (role === "assistant") {
			const turn = turnFor(turns, "assistant");
			if (typeof message.content === "string") turn.texts.push(message.content);
			for (const field of ["reasoning_content", "reasoning", "thinking", "signature"]) {
				if (field in message) problems.push(`an assistant message with ${field}`);
			}
			const calls = ((message.tool_calls as Json[] | undefined) ?? []).map((call) => call.id as string);
			turn.calls.push(...calls);
			awaiting = new Set(calls);
		} else {
			problems.push(`unexpected role ${role}`);
		}
		previousRole = role;
	}
	if (awaiting.size > 0) problems.push("the request ends before every tool call was answered");
	return { turns, problems };
}
