import { type ScriptBlock, splitText, type WireScript } from "./script.js";
import type { ScriptedResponse } from "./server.js";

/** Variations of the Gemini stream that the API and proxies produce. */
export interface GeminiEncodeOptions {
	/**
	 * A `thoughtSignature` for block `i` of the script, on the block's last part: a text
	 * block's answer signature, a tool call's signature (Gemini 3 signs the first call of
	 * a step). Thinking blocks take theirs from the script's `signature`.
	 */
	signatures?: Record<number, string>;
	/** Ends the content with an empty text part carrying only this signature, as Gemini 3 may. */
	trailingSignature?: string;
	/** `thoughtsTokenCount`; the rest of `script.usage.output` is `candidatesTokenCount`. Default 0 (omitted). */
	thoughtsTokens?: number;
	/** The frame delimiter's line break: `\r\n` as Google's front end sends it, `\n` as proxies. Default `\r\n`. */
	lineBreak?: "\r\n" | "\n";
	/** The categories rated `blocked` in the `safetyRatings` sent with a `SAFETY` finish. */
	blockedCategories?: string[];
	/** Answer with `promptFeedback.blockReason` and no candidates instead of the script. */
	promptBlock?: { reason: string; message?: string };
	/** Send no `finishReason` at all, as a stream that is cut off cleanly. */
	omitFinishReason?: boolean;
}

/** HTTP status Google pairs with each error status string. */
const HTTP_BY_GOOGLE_STATUS: Record<string, number> = {
	INVALID_ARGUMENT: 400,
	FAILED_PRECONDITION: 400,
	UNAUTHENTICATED: 401,
	PERMISSION_DENIED: 403,
	NOT_FOUND: 404,
	RESOURCE_EXHAUSTED: 429,
	CANCELLED: 499,
	INTERNAL: 500,
	UNAVAILABLE: 503,
	DEADLINE_EXCEEDED: 504,
};

/** Finish reasons that arrive in a frame of their own, without content. */
const CONTENTLESS_FINISH = new Set(["SAFETY", "PROHIBITED_CONTENT", "BLOCKLIST", "SPII", "RECITATION"]);

const HARM_CATEGORIES = [
	"HARM_CATEGORY_HATE_SPEECH",
	"HARM_CATEGORY_DANGEROUS_CONTENT",
	"HARM_CATEGORY_HARASSMENT",
	"HARM_CATEGORY_SEXUALLY_EXPLICIT",
];

/**
 * Encodes a script as the exact SSE text of `streamGenerateContent?alt=sse`: one
 * `data: {GenerateContentResponse}` frame per text or thought delta and per function call
 * (whole arguments, `id` only when the script's id is not empty), each with the running
 * `usageMetadata`, `modelVersion` and `responseId`; the `finishReason` comes with the
 * last content frame (a safety finish in a frame of its own, with `safetyRatings`). No
 * `event:` lines and no end marker. With `script.error` the blocks are followed by an
 * `{"error":{code,message,status}}` frame, `script.error.type` being Google's status string.
 */
export function encodeGeminiStream(script: WireScript, options: GeminiEncodeOptions = {}): string {
	const lineBreak = options.lineBreak ?? "\r\n";
	const frame = (data: unknown) => `data: ${googleJson(data)}${lineBreak}${lineBreak}`;
	const meta = {
		modelVersion: script.model ?? "gemini-2.5-flash",
		responseId: script.id ?? "mXo2aZ-1Co3Rz7IPpNmHwQk",
	};
	const usage = usageMetadata(script, options.thoughtsTokens ?? 0);
	if (options.promptBlock) {
		const { reason, message } = options.promptBlock;
		const feedback = { blockReason: reason, ...(message ? { blockReasonMessage: message } : {}) };
		return frame({ promptFeedback: feedback, usageMetadata: usage.final, ...meta });
	}
	const parts = script.blocks.flatMap((block, index) => blockParts(block, options.signatures?.[index]));
	if (options.trailingSignature) parts.push({ text: "", thoughtSignature: options.trailingSignature });
	const candidate = (part: Record<string, unknown>) => ({
		content: { parts: [part], role: "model" },
		index: 0,
	});
	const frames = parts.map((part) => ({
		candidates: [candidate(part)],
		usageMetadata: usage.running,
		...meta,
	}));
	if (script.error) {
		const { type, message } = script.error;
		const error = { code: HTTP_BY_GOOGLE_STATUS[type] ?? 500, message, status: type };
		return [...frames.map(frame), frame({ error })].join("");
	}
	const finishReason = script.stop ?? "STOP";
	const last = frames.at(-1);
	if (options.omitFinishReason) {
		// Nothing to add: the stream just ends.
	} else if (last && !CONTENTLESS_FINISH.has(finishReason)) {
		Object.assign(last.candidates[0] as object, { finishReason });
		last.usageMetadata = usage.final;
	} else {
		const end: Record<string, unknown> = { finishReason, index: 0 };
		if (CONTENTLESS_FINISH.has(finishReason)) {
			const blocked = new Set(options.blockedCategories ?? ["HARM_CATEGORY_DANGEROUS_CONTENT"]);
			end.safetyRatings = HARM_CATEGORIES.map((category) =>
				blocked.has(category)
					? { category, probability: "HIGH", blocked: true }
					: { category, probability: "NEGLIGIBLE" },
			);
		} else {
			end.content = { parts: [{ text: "" }], role: "model" };
		}
		frames.push({ candidates: [end as ReturnType<typeof candidate>], usageMetadata: usage.final, ...meta });
	}
	return frames.map(frame).join("");
}

function blockParts(block: ScriptBlock, signature: string | undefined): Record<string, unknown>[] {
	const signed = (parts: Record<string, unknown>[], value: string | undefined) => {
		const last = parts.at(-1);
		if (value !== undefined && last) last.thoughtSignature = value;
		return parts;
	};
	switch (block.type) {
		case "text":
			return signed(
				splitText(block.text, block.deltaSize).map((text) => ({ text })),
				signature,
			);
		case "thinking": {
			const pieces = splitText(block.thinking, block.deltaSize);
			// A signature without thought text comes on an empty thought part.
			const parts = (pieces.length ? pieces : [""]).map((text) => ({ text, thought: true }));
			return signed(parts, block.signature);
		}
		case "redacted_thinking":
			// Gemini has no encrypted reasoning without text; there is nothing to send.
			return [];
		case "toolCall": {
			const args = typeof block.arguments === "string" ? JSON.parse(block.arguments) : block.arguments;
			const functionCall = { name: block.name, args, ...(block.id ? { id: block.id } : {}) };
			return signed([{ functionCall }], signature);
		}
	}
}

/**
 * Gemini's `promptTokenCount` includes the cached tokens; each frame carries the running
 * counts, and `candidatesTokenCount` arrives with the last one.
 */
function usageMetadata(script: WireScript, thoughts: number) {
	const usage = script.usage ?? { input: 0, output: 0 };
	const cached = usage.cacheRead ?? 0;
	const prompt = usage.input + cached;
	const base: Record<string, unknown> = { promptTokenCount: prompt };
	if (cached > 0) base.cachedContentTokenCount = cached;
	const candidates = Math.max(0, usage.output - thoughts);
	const details = { promptTokensDetails: [{ modality: "TEXT", tokenCount: prompt }] };
	const thoughtsField = thoughts > 0 ? { thoughtsTokenCount: thoughts } : {};
	return {
		running: { ...base, totalTokenCount: prompt + thoughts, ...details, ...thoughtsField },
		final: {
			...base,
			candidatesTokenCount: candidates,
			totalTokenCount: prompt + candidates + thoughts,
			...details,
			...thoughtsField,
		},
	};
}

/**
 * JSON as Google's front end writes it: `": "` after keys, no space after commas, `<`
 * and `>` escaped as `\u003c` / `\u003e`.
 */
export function googleJson(value: unknown): string {
	if (Array.isArray(value)) return `[${value.map(googleJson).join(",")}]`;
	if (typeof value === "object" && value !== null) {
		const fields = Object.entries(value)
			.filter(([, field]) => field !== undefined)
			.map(([key, field]) => `${JSON.stringify(key)}: ${googleJson(field)}`);
		return `{${fields.join(",")}}`;
	}
	return JSON.stringify(value).replace(/</g, "\\u003c").replace(/>/g, "\\u003e");
}

/** Google's status string and wording for each HTTP status the Gemini API answers with. */
const ERRORS_BY_STATUS: Record<number, { status: string; message: string }> = {
	400: { status: "INVALID_ARGUMENT", message: "Request contains an invalid argument." },
	401: {
		status: "UNAUTHENTICATED",
		message:
			"Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.",
	},
	403: { status: "PERMISSION_DENIED", message: "The caller does not have permission" },
	404: {
		status: "NOT_FOUND",
		message:
			"models/gemini-does-not-exist is not found for API version v1beta, or is not supported for generateContent. Call ListModels to see the list of available models and their supported methods.",
	},
	429: {
		status: "RESOURCE_EXHAUSTED",
		message:
			"You exceeded your current quota, please check your plan and billing details. For more information on this error, head to: https://ai.google.dev/gemini-api/docs/rate-limits.",
	},
	500: {
		status: "INTERNAL",
		message:
			"An internal error has occurred. Please retry or report in https://developers.generativeai.google/guide/troubleshooting",
	},
	503: { status: "UNAVAILABLE", message: "The model is overloaded. Please try again later." },
	504: { status: "DEADLINE_EXCEEDED", message: "Deadline expired before operation could complete." },
};

/**
 * An HTTP error response as the Gemini API sends it: a pretty-printed JSON body
 * `{"error":{"code","message","status","details"}}`. A 429 carries `QuotaFailure`, `Help`
 * and `RetryInfo` details (`retryDelay` default `"7s"`); `reason` adds an `ErrorInfo`
 * detail (Google answers a bad key with HTTP 400 and reason `API_KEY_INVALID`).
 */
export function geminiErrorResponse(
	status: number,
	options: {
		status?: string;
		message?: string;
		retryDelay?: string;
		reason?: string;
		details?: unknown[];
		headers?: Record<string, string>;
	} = {},
): ScriptedResponse {
	const fallback = ERRORS_BY_STATUS[status] ?? {
		status: status >= 500 ? "INTERNAL" : "INVALID_ARGUMENT",
		message: `Request failed with status ${status}.`,
	};
	const details: unknown[] = [...(options.details ?? [])];
	if (options.reason) {
		details.push({
			"@type": "type.googleapis.com/google.rpc.ErrorInfo",
			reason: options.reason,
			domain: "googleapis.com",
			metadata: { service: "generativelanguage.googleapis.com" },
		});
	}
	if (status === 429 && !options.details) {
		details.push(
			{
				"@type": "type.googleapis.com/google.rpc.QuotaFailure",
				violations: [
					{
						quotaMetric: "generativelanguage.googleapis.com/generate_content_paid_tier_input_token_count",
						quotaId: "GenerateContentPaidTierInputTokensPerModelPerMinute",
						quotaDimensions: { location: "global", model: "gemini-2.5-flash" },
						quotaValue: "1000000",
					},
				],
			},
			{
				"@type": "type.googleapis.com/google.rpc.Help",
				links: [
					{
						description: "Learn more about Gemini API quotas",
						url: "https://ai.google.dev/gemini-api/docs/rate-limits",
					},
				],
			},
		);
	}
	const retryDelay = options.retryDelay ?? (status === 429 ? "7s" : undefined);
	if (retryDelay !== undefined) {
		details.push({ "@type": "type.googleapis.com/google.rpc.RetryInfo", retryDelay });
	}
	const error: Record<string, unknown> = {
		code: status,
		message: options.message ?? fallback.message,
		status: options.status ?? fallback.status,
	};
	if (details.length) error.details = details;
	return {
		status,
		headers: { "content-type": "application/json; charset=UTF-8", ...options.headers },
		body: `${JSON.stringify({ error }, null, 2)}\n`,
	};
}
