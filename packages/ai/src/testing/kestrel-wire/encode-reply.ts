import { anthropicErrorResponse, encodeAnthropicStream } from "../wire-server/anthropic-messages.js";
import { encodeGeminiStream, geminiErrorResponse } from "../wire-server/google-generative-ai.js";
import { encodeOpenAICompletionsStream, openaiErrorResponse } from "../wire-server/openai-completions.js";
import { encodeOpenAIResponsesStream } from "../wire-server/openai-responses.js";
import type { ScriptBlock, WireScript } from "../wire-server/script.js";
import type { ScriptedResponse } from "../wire-server/server.js";
import type { ConversationApi, ConversationReply } from "./script-schema.js";

/** How many characters each text, thinking or argument delta holds when a reply is paced. */
export const PACED_DELTA_SIZE = 8;

interface ApiWire {
	/** The request that streams a reply, e.g. `POST /v1/messages`. */
	route: string;
	/** Whether a request path (without its query) is that request's. */
	accepts: (pathname: string) => boolean;
	/** The response id, in the shape the API's own servers give it. */
	responseId: (turn: number) => string;
	/** The tool call id the API's own servers would make up. */
	toolCallId: (turn: number, index: number) => string;
	encode: (script: WireScript) => string;
	error: (status: number, message: string) => ScriptedResponse;
}

const openaiError = (status: number, message: string) => openaiErrorResponse(status, { message });

const WIRES: Record<ConversationApi, ApiWire> = {
	"anthropic-messages": {
		route: "POST /v1/messages",
		responseId: (turn) => `msg_wire${turn}`,
		accepts: (pathname) => pathname.endsWith("/messages"),
		toolCallId: (turn, index) => `toolu_wire${turn}_${index}`,
		encode: (script) => encodeAnthropicStream(script),
		error: (status, message) => anthropicErrorResponse(status, { message }),
	},
	"openai-completions": {
		route: "POST /v1/chat/completions",
		responseId: (turn) => `chatcmpl-wire${turn}`,
		accepts: (pathname) => pathname.endsWith("/chat/completions"),
		toolCallId: (turn, index) => `call_wire${turn}_${index}`,
		encode: (script) => encodeOpenAICompletionsStream(script),
		error: openaiError,
	},
	"openai-responses": {
		route: "POST /v1/responses",
		responseId: (turn) => `resp_wire${turn}`,
		accepts: (pathname) => pathname.endsWith("/responses"),
		toolCallId: (turn, index) => `call_wire${turn}_${index}`,
		encode: (script) => encodeOpenAIResponsesStream(script),
		error: openaiError,
	},
	"google-generative-ai": {
		route: "POST /v1beta/models/<model>:streamGenerateContent?alt=sse",
		responseId: (turn) => `wire${turn}`,
		accepts: (pathname) => /\/models\/[^/]+:streamGenerateContent$/.test(pathname),
		toolCallId: (turn, index) => `call_wire${turn}_${index}`,
		encode: (script) => encodeGeminiStream(script),
		error: (status, message) => geminiErrorResponse(status, { message }),
	},
};

/** The request that `api` streams replies from, for messages: `POST /v1/messages`. */
export function apiRoute(api: ConversationApi): string {
	return WIRES[api].route;
}

/**
 * A 404 in `api`'s error format when the request is not the one `api` streams replies
 * from (another API's path, a GET, a non-streaming call); undefined when it is.
 */
export function wrongRoute(api: ConversationApi, method: string, path: string): ScriptedResponse | undefined {
	const pathname = new URL(path, "http://wire.invalid").pathname;
	if (method === "POST" && WIRES[api].accepts(pathname)) return undefined;
	return WIRES[api].error(
		404,
		`kestrel-wire serves ${api} and answers only ${WIRES[api].route}, not ${method} ${pathname}. ` +
			`Point the client at the baseUrl kestrel-wire printed, with api "${api}".`,
	);
}

/** An HTTP error in `api`'s format, e.g. for a request no reply matches. */
export function errorResponse(api: ConversationApi, status: number, message: string): ScriptedResponse {
	return WIRES[api].error(status, message);
}

/**
 * The response that plays `reply` in `api`'s streaming format: thinking, text and tool
 * calls as one streamed message, or `error` as the API's HTTP error. `turn` numbers the
 * tool call ids; `inputChars` (the request body's length) gives the rough input token
 * count reported in usage (characters / 4, as is the output count).
 */
export function encodeReply(
	api: ConversationApi,
	reply: ConversationReply,
	context: { turn: number; model: string; inputChars: number },
): ScriptedResponse {
	const wire = WIRES[api];
	const timing = reply.delayMs ? { headersDelayMs: reply.delayMs } : {};
	if (reply.error) return { ...wire.error(reply.error.status, reply.error.message), ...timing };
	const deltaSize = reply.chunkDelayMs === undefined ? undefined : PACED_DELTA_SIZE;
	const paced = deltaSize === undefined ? {} : { deltaSize };
	const blocks: ScriptBlock[] = [];
	if (reply.thinking) blocks.push({ type: "thinking", thinking: reply.thinking, ...paced });
	if (reply.text) blocks.push({ type: "text", text: reply.text, ...paced });
	for (const [index, call] of (reply.toolCalls ?? []).entries()) {
		blocks.push({
			type: "toolCall",
			id: wire.toolCallId(context.turn, index),
			name: call.name,
			arguments: call.arguments ?? {},
			...paced,
		});
	}
	const outputChars = blocks.reduce((sum, block) => sum + JSON.stringify(block).length, 0);
	const usage = { input: Math.ceil(context.inputChars / 4), output: Math.ceil(outputChars / 4) };
	const body = wire.encode({ id: wire.responseId(context.turn), model: context.model, blocks, usage });
	if (reply.chunkDelayMs === undefined) return { body, ...timing };
	return { body, chunking: frameSizes(body), chunkDelayMs: reply.chunkDelayMs, ...timing };
}

/** The UTF-8 byte length of each SSE frame of `body`, so that each goes in its own write. */
export function frameSizes(body: string): number[] {
	const frames = body.match(/[\s\S]*?(?:\r\n\r\n|\n\n|$)/g) ?? [];
	return frames.filter((frame) => frame !== "").map((frame) => Buffer.byteLength(frame, "utf8"));
}

/** A short description of a reply for the request log: `text, 1 tool call (read)`. */
export function describeReply(reply: ConversationReply): string {
	if (reply.error) return `HTTP ${reply.error.status} error`;
	const parts: string[] = [];
	if (reply.thinking) parts.push("thinking");
	if (reply.text) parts.push("text");
	const calls = reply.toolCalls ?? [];
	if (calls.length > 0) {
		const names = calls.map((call) => call.name).join(", ");
		parts.push(`${calls.length} tool call${calls.length === 1 ? "" : "s"} (${names})`);
	}
	return parts.join(", ") || "an empty message";
}
