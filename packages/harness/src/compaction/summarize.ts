import type { AgentMessage } from "@kestrel/agent-core";
import type { AssistantMessage, Context, StreamOptions } from "@kestrel/ai";
import { serializeMessageBlocks, truncateMiddle } from "./serialize.js";
import { SummaryError } from "./summary-error.js";
import {
	createSummaryPrompt,
	SUMMARIZER_SYSTEM_PROMPT,
	TURN_PREFIX_HEADING,
	turnPrefixPrompt,
	updateSummaryPrompt,
} from "./summary-prompts.js";
import type { CompactionSettings, Summarizer } from "./types.js";

/**
 * The estimate of a summary request, times this, must fit the summariser's window minus
 * its output limit. `chars / 4` undercounts code, JSON and non-English text, hence the margin.
 */
export const SUMMARY_INPUT_SAFETY = 1.25;

export interface SummarizeInput {
	/** The history to summarise, oldest first. */
	messages: readonly AgentMessage[];
	/** The summary of what came before `messages`; it is updated, not replaced. */
	previousSummary?: string;
	/** The start of an interrupted turn, summarised separately under `## Current turn (start)`. */
	turnPrefix?: readonly AgentMessage[];
	/** Extra instructions from the user (manual compaction). */
	instructions?: string;
}

export interface SummarizeResult {
	summary: string;
	/** Requests made: more than one when the input was summarised in chunks. */
	requests: number;
}

type SummarySettings = Pick<CompactionSettings, "summaryMaxTokens" | "toolResultMaxChars">;

/**
 * Summarises a history with the summariser model, in the fixed section format.
 *
 * Every request (system prompt, instructions, previous summary and a chunk of the
 * serialised history) stays within the summariser's window minus its output limit, with
 * {@link SUMMARY_INPUT_SAFETY}: a larger history is split into chunks summarised in
 * sequence, each one updating the summary of the chunks before it, and a single message
 * larger than a chunk is cut in the middle. Requests have no tools, reasoning `off` and
 * `maxTokens` = `summaryMaxTokens` (at most the model's own limit).
 *
 * @throws {SummaryError} when a request fails, is aborted, or returns no text, or when
 * the summariser's window is too small to hold any input.
 */
export async function summarizeHistory(
	input: SummarizeInput,
	summarizer: Summarizer,
	settings: SummarySettings,
	signal?: AbortSignal,
): Promise<SummarizeResult> {
	const { model } = summarizer;
	const maxTokens =
		model.maxTokens > 0 ? Math.min(settings.summaryMaxTokens, model.maxTokens) : settings.summaryMaxTokens;
	const budgetChars = summaryInputBudgetChars(model.contextWindow, maxTokens);
	let requests = 0;

	const request = async (prompt: string): Promise<string> => {
		if (signal?.aborted) throw new SummaryError("aborted", "Summarising was aborted.", requests);
		requests += 1;
		let reply: AssistantMessage;
		try {
			const apiKey = await summarizer.getApiKey?.(model.provider);
			const context: Context = {
				systemPrompt: SUMMARIZER_SYSTEM_PROMPT,
				messages: [{ role: "user", content: [{ type: "text", text: prompt }], timestamp: Date.now() }],
			};
			const options: StreamOptions = { apiKey, signal, maxTokens, reasoning: "off" };
			reply = await (await summarizer.streamFn(model, context, options)).result();
		} catch (error) {
			const reason = error instanceof Error ? error.message : String(error);
			throw new SummaryError("unknown", `The summary request could not be sent: ${reason}`, requests);
		}
		if (reply.stopReason === "error" || reply.stopReason === "aborted") {
			const kind = reply.error?.kind ?? (reply.stopReason === "aborted" ? "aborted" : "unknown");
			const reason = reply.errorMessage ?? `the request ended with ${reply.stopReason}`;
			throw new SummaryError(
				kind,
				`The summariser (${model.provider}/${model.id}) failed: ${reason}`,
				requests,
			);
		}
		const text = reply.content
			.map((block) => (block.type === "text" ? block.text : ""))
			.join("")
			.trim();
		if (text === "") {
			throw new SummaryError(
				"empty",
				`The summariser (${model.provider}/${model.id}) replied with no text.`,
				requests,
			);
		}
		return text;
	};

	const historyParts = serializeMessageBlocks(input.messages, settings);
	const history =
		historyParts.length === 0
			? input.previousSummary
			: await summarizeInChunks(
					historyParts,
					input.previousSummary,
					budgetChars,
					request,
					(conversation, running) =>
						running === undefined
							? createSummaryPrompt(conversation, input.instructions)
							: updateSummaryPrompt(running, conversation, input.instructions),
				);
	const turnParts = serializeMessageBlocks(input.turnPrefix ?? [], settings);
	const turn =
		turnParts.length === 0
			? undefined
			: await summarizeInChunks(turnParts, undefined, budgetChars, request, (conversation, running) =>
					turnPrefixPrompt(conversation, running),
				);

	const sections: string[] = [];
	if (history !== undefined && history.trim() !== "") sections.push(history.trim());
	if (turn !== undefined) sections.push(`${TURN_PREFIX_HEADING}\n${turn}`);
	if (sections.length === 0) throw new SummaryError("empty", "There was nothing to summarise.", requests);
	return { summary: sections.join("\n\n"), requests };
}

/**
 * The characters one summary request (system prompt and prompt text) may have, for a
 * summariser with this window and output limit.
 */
export function summaryInputBudgetChars(contextWindow: number, maxTokens: number): number {
	// Two tokens of slack: the estimate rounds the system prompt and the prompt up separately.
	const tokens = Math.floor((contextWindow - maxTokens) / SUMMARY_INPUT_SAFETY) - 2;
	return Math.max(0, tokens * 4);
}

/** Room left for the marker `truncateMiddle` adds. */
const MARKER_CHARS = 64;
/** A chunk must have at least this many characters of room, or the window is too small to be useful. */
const MIN_CHUNK_CHARS = 1_024;

async function summarizeInChunks(
	parts: readonly string[],
	initial: string | undefined,
	budgetChars: number,
	request: (prompt: string) => Promise<string>,
	buildPrompt: (conversation: string, running: string | undefined) => string,
): Promise<string> {
	let running = initial;
	let next = 0;
	while (next < parts.length) {
		// The running summary may take at most half of a request, so that history always gets through.
		const carried = running === undefined ? undefined : truncateMiddle(running, Math.floor(budgetChars / 2));
		const room = budgetChars - SUMMARIZER_SYSTEM_PROMPT.length - buildPrompt("", carried).length;
		if (room < MIN_CHUNK_CHARS) {
			throw new SummaryError(
				"overflow",
				`The summariser's window leaves ${Math.max(0, Math.floor(room / 4))} tokens for the history after its ` +
					"prompt and output limit. Use a summariser model with a larger context window or lower summaryMaxTokens.",
			);
		}
		const chunk: string[] = [];
		let used = 0;
		for (; next < parts.length; next++) {
			const part = parts[next]!;
			const separator = chunk.length > 0 ? 2 : 0;
			if (used + separator + part.length <= room) {
				chunk.push(part);
				used += separator + part.length;
				continue;
			}
			// A message larger than a whole chunk is cut in the middle to the room left, unless little is left.
			const left = room - used - separator - MARKER_CHARS;
			if (part.length > room && (chunk.length === 0 || left >= room / 4)) {
				chunk.push(truncateMiddle(part, left));
				next += 1;
			}
			break;
		}
		running = await request(buildPrompt(chunk.join("\n\n"), carried));
	}
	return running ?? "";
}
