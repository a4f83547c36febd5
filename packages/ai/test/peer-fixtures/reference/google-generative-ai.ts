import { defineModel } from "../../../src/models/define-model.js";
import { createGoogleGenerativeAIProvider } from "../../../src/providers/google-generative-ai/index.js";
import type { ErrorKind } from "../../../src/types.js";
import {
	brokenStream,
	type ExpectedError,
	type ExpectedToolCall,
	type ExpectedUsage,
	failedRequest,
	type Outcome,
	zeroTokens,
} from "../outcome.js";
import { chunkLines, errorBody, type RecordingFile } from "../recordings.js";
import { httpError, type Replay, type WireReference } from "../replay.js";

// biome-ignore lint/suspicious/noExplicitAny: recorded JSON, read field by field and checked where it matters.
type Chunk = Record<string, any>;

/**
 * `streamGenerateContent?alt=sse`: `data: <json>` frames, each a `GenerateContentResponse`
 * with the parts of this chunk and the running usage. Firebase's recordings are whole SSE
 * bodies and are served byte for byte; Vercel's one-chunk-a-line files are framed as the
 * API frames them (`\r\n\r\n`). A recording that is a JSON error body is served with the
 * HTTP status it names.
 */
export const googleGenerativeAI: WireReference = {
	api: "google-generative-ai",
	provider: createGoogleGenerativeAIProvider(),
	model: (serverUrl) =>
		defineModel({ id: "gemini-peer-replay", api: "google-generative-ai", baseUrl: serverUrl }),
	replays(file: RecordingFile): Replay[] {
		const body = errorBody(file.bytes);
		if (body) {
			const status = Number(body.error.code);
			return [{ response: httpError(status, file.bytes), expected: failedRequest(googleError(body.error)) }];
		}
		if (file.name.endsWith(".chunks.txt")) {
			const lines = chunkLines(file.bytes);
			return [
				{
					response: { body: lines.map(({ line }) => `data: ${line}\r\n\r\n`).join("") },
					expected: readFrames(lines.map(({ line }) => ({ data: line }))),
				},
			];
		}
		const response = { headers: { "content-type": "text/event-stream" }, body: new Uint8Array(file.bytes) };
		return [{ response, expected: readFrames(sseFrames(file.bytes.toString("utf8"))) }];
	},
};

/** A `data:` frame, or text outside any field (a bare JSON error some streams end with). */
type Frame = { data: string } | { bare: string };

/**
 * The frames of an SSE body: `data:` lines up to a blank line. Rule: a last frame whose
 * blank line never came still counts when its data is whole (servers close right after
 * it; Kestrel's own SSE reader documents the same rule). Lines that are no SSE field are
 * kept as bare text.
 */
export function sseFrames(text: string): Frame[] {
	const frames: Frame[] = [];
	let data: string[] = [];
	let bare = "";
	const dispatch = () => {
		if (data.length > 0) frames.push({ data: data.join("\n") });
		data = [];
	};
	for (const line of text.split(/\r\n|\r|\n/)) {
		if (line === "") dispatch();
		else if (line.startsWith("data:")) data.push(line.slice(line.startsWith("data: ") ? 6 : 5));
		else if (!/^(event|id|retry)?:/.test(line)) bare += `${line}\n`;
	}
	dispatch();
	if (bare.trim() !== "") frames.push({ bare });
	return frames;
}

/** What a stream's frames say, read in order. */
export function readFrames(frames: Frame[]): Outcome {
	let responseId: string | undefined;
	let usage = zeroTokens();
	let finish: string | undefined;
	let blocked: string | undefined;
	let text = "";
	let thinking = "";
	const toolCalls: ExpectedToolCall[] = [];
	const partial = () => ({ text, thinking, toolCalls, usage, ...(responseId ? { responseId } : {}) });
	for (const frame of frames) {
		let chunk: Chunk;
		try {
			chunk = JSON.parse("data" in frame ? frame.data : frame.bare) as Chunk;
		} catch {
			// Rule: a frame that is not JSON is a broken stream.
			return brokenStream(partial());
		}
		if (chunk?.error) return { ...partial(), stopReason: "error", error: googleError(chunk.error) };
		// Rule: bare text is only an ending error body; anything else there is a broken stream.
		if ("bare" in frame) return brokenStream(partial());
		responseId = chunk.responseId ?? responseId;
		// Every chunk carries the running totals of the response: the last one counts.
		if (chunk.usageMetadata) usage = readUsage(chunk.usageMetadata);
		blocked = chunk.promptFeedback?.blockReason ?? blocked;
		// Only the first candidate: Kestrel never asks for alternatives.
		const candidate = (chunk.candidates ?? []).find((entry: Chunk) => (entry.index ?? 0) === 0);
		for (const part of candidate?.content?.parts ?? []) {
			if (part.functionCall)
				toolCalls.push({ name: part.functionCall.name, arguments: part.functionCall.args ?? {} });
			else if (typeof part.text === "string" && part.thought) thinking += part.text;
			else if (typeof part.text === "string") text += part.text;
			// Rule: inline images and code execution parts are outputs Kestrel never requests; not content.
		}
		finish = candidate?.finishReason ?? finish;
	}
	// Rule (Kestrel's documented choice): a prompt Gemini refused to answer is an error.
	if (blocked)
		return { ...partial(), stopReason: "error", error: { kind: "invalid_request", code: blocked } };
	// Rule: Gemini sends no end marker; a stream without a finish reason was cut short.
	if (finish === undefined) return brokenStream(partial());
	if (CUT_SHORT.has(finish)) {
		// Rule (Kestrel's documented choice): an answer cut for policy reasons is an error.
		return { ...partial(), stopReason: "error", error: { kind: "invalid_request", code: finish } };
	}
	if (finish === "MAX_TOKENS") return { ...partial(), stopReason: "length" };
	// STOP and values added later. Function calls end with STOP on this API.
	return { ...partial(), stopReason: toolCalls.length > 0 ? "toolUse" : "stop" };
}

/** The documented finish reasons that end an answer before it is done, other than MAX_TOKENS. */
const CUT_SHORT = new Set([
	"SAFETY",
	"RECITATION",
	"LANGUAGE",
	"OTHER",
	"BLOCKLIST",
	"PROHIBITED_CONTENT",
	"SPII",
	"MALFORMED_FUNCTION_CALL",
	"IMAGE_SAFETY",
	"UNEXPECTED_TOOL_CALL",
	"TOO_MANY_TOOL_CALLS",
]);

/**
 * `promptTokenCount` includes cached tokens; tool-use prompt tokens (what server tools
 * read) are billed as input; thoughts are billed as output.
 */
function readUsage(wire: Chunk): ExpectedUsage {
	const cached = wire.cachedContentTokenCount ?? 0;
	return {
		input: (wire.promptTokenCount ?? 0) - cached + (wire.toolUsePromptTokenCount ?? 0),
		output: (wire.candidatesTokenCount ?? 0) + (wire.thoughtsTokenCount ?? 0),
		cacheRead: cached,
		cacheWrite: 0,
	};
}

/** Google RPC status names, in Kestrel's kinds (CANCELLED has no settled kind: unchecked). */
const KIND_BY_STATUS: Record<string, ErrorKind> = {
	INVALID_ARGUMENT: "invalid_request",
	FAILED_PRECONDITION: "invalid_request",
	OUT_OF_RANGE: "invalid_request",
	NOT_FOUND: "invalid_request",
	UNAUTHENTICATED: "auth",
	PERMISSION_DENIED: "auth",
	RESOURCE_EXHAUSTED: "rate_limit",
	UNAVAILABLE: "overloaded",
	DEADLINE_EXCEEDED: "timeout",
	INTERNAL: "unknown",
};

/**
 * A Google error body: `code` is the HTTP status, `status` the RPC status name, and the
 * details may carry an `ErrorInfo` reason (a bad key is `API_KEY_INVALID` with HTTP 400)
 * and a `RetryInfo` delay. Kestrel's code is the reason, else the status name.
 */
function googleError(error: Chunk): ExpectedError {
	const details: Chunk[] = Array.isArray(error.details) ? error.details : [];
	const detail = (type: string) =>
		details.find((entry) => entry["@type"] === `type.googleapis.com/google.rpc.${type}`);
	const reason: string | undefined = detail("ErrorInfo")?.reason;
	const expected: ExpectedError = { status: Number(error.code), code: reason ?? error.status };
	const kind = reason === "API_KEY_INVALID" ? "auth" : KIND_BY_STATUS[error.status];
	if (kind) expected.kind = kind;
	const delay = /^(\d+(?:\.\d+)?)s$/.exec(detail("RetryInfo")?.retryDelay ?? "");
	if (delay?.[1]) expected.retryAfterMs = Math.round(Number(delay[1]) * 1000);
	return expected;
}
