import type { Content, GenerateContentConfig, GenerateContentParameters, Part } from "@google/genai";
import { isOwnMessage } from "../../replay/assistant-content.js";
import { prepareReplay } from "../../replay/prepare-replay.js";
import { removeLoneSurrogates } from "../../replay/surrogates.js";
import { GOOGLE_GENERATIVE_AI_REPLAY } from "../../replay/target-rules.js";
import type {
	AssistantMessage,
	Context,
	ImageContent,
	Message,
	Model,
	StreamOptions,
	TextContent,
	ToolResultMessage,
} from "../../types.js";
import { reasoningParams } from "./map.js";

/**
 * The parameters of `models.generateContentStream`, without the per-run fields
 * (`abortSignal`, `httpOptions`) that `stream.ts` adds after `onPayload`. Pure.
 */
export function buildRequest(
	model: Model,
	context: Context,
	options: StreamOptions,
): GenerateContentParameters {
	const config: GenerateContentConfig = {};
	if (context.systemPrompt) {
		config.systemInstruction = { parts: [{ text: removeLoneSurrogates(context.systemPrompt) }] };
	}
	if (context.tools?.length) {
		config.tools = [
			{
				functionDeclarations: context.tools.map((tool) => ({
					name: tool.name,
					description: tool.description,
					// Full JSON Schema; the older `parameters` field takes only an OpenAPI subset.
					parametersJsonSchema: tool.parameters,
				})),
			},
		];
	}
	const reasoning = reasoningParams(model, options);
	if (reasoning.maxOutputTokens !== undefined) config.maxOutputTokens = reasoning.maxOutputTokens;
	if (reasoning.thinkingConfig) config.thinkingConfig = reasoning.thinkingConfig;
	if (options.temperature !== undefined) config.temperature = options.temperature;
	return { model: model.id, contents: convertMessages(model, context.messages), config };
}

/**
 * Converts the history for Gemini, after the shared replay step (`prepareReplay`: errored
 * and aborted turns skipped with their results, every call answered, strays left out,
 * ids mapped, another model's thinking and signatures dropped, images noted for text-only
 * models). Assistant turns become `model` contents, a run of tool results one user
 * content of `functionResponse` parts. Consecutive contents of one role are merged,
 * which every Gemini model accepts.
 */
export function convertMessages(model: Model, messages: readonly Message[]): Content[] {
	const contents: Content[] = [];
	const push = (role: "user" | "model", parts: Part[]) => {
		if (parts.length === 0) return;
		const last = contents.at(-1);
		if (last?.role === role) last.parts = [...(last.parts ?? []), ...parts];
		else contents.push({ role, parts });
	};
	let results: Part[] = [];
	let images: Part[] = [];
	const flushResults = () => {
		push("user", [...results, ...images]);
		results = [];
		images = [];
	};
	for (const message of prepareReplay(messages, model, GOOGLE_GENERATIVE_AI_REPLAY)) {
		if (message.role === "toolResult") {
			results.push(functionResponse(message));
			images.push(...toolResultImages(message));
			continue;
		}
		flushResults();
		if (message.role === "user") {
			const parts =
				typeof message.content === "string"
					? textParts(message.content)
					: message.content.flatMap((block) => mediaParts(block));
			push("user", parts);
		} else {
			push("model", modelParts(message, isOwnMessage(message, model)));
		}
	}
	flushResults();
	return contents;
}

function textParts(text: string): Part[] {
	return text.trim() ? [{ text }] : [];
}

/** Images reach this point only for models that read them (the replay step notes the others). */
function mediaParts(block: TextContent | ImageContent): Part[] {
	if (block.type === "text") return textParts(block.text);
	return [{ inlineData: { mimeType: block.mimeType, data: block.data } }];
}

/**
 * Gemini checks thought signatures against the model that made them; the replay step
 * leaves them only on the model's own blocks, which go back byte-for-byte: thought text
 * with its signature, and the signatures on text and function-call parts. A signed part
 * keeps its empty text: Gemini 3 may put a signature on an empty trailing part. Own
 * thinking without a signature is left out: Gemini reads nothing from unsigned thoughts.
 *
 * Gemini 3 rejects a step whose first function call has no signature ("Function call is
 * missing a thought_signature"), which every call made by another model (or by a Gemini
 * that did not sign) lacks. For that case Google documents a placeholder value that
 * skips the check ({@link UNSIGNED_CALL_SIGNATURE}); it goes on the first call of every
 * such step, in every turn, so that a turn's request bytes never change as the
 * conversation grows and prompt caches stay warm. It goes to every Gemini model, not
 * only to those named Gemini 3: ids say little behind aliases and proxies, and the value
 * is the one Google documents for both the Gemini API and Vertex AI.
 */
function modelParts(message: AssistantMessage, own: boolean): Part[] {
	const parts: Part[] = [];
	let signedCalls = message.content.some((block) => block.type === "toolCall" && block.thoughtSignature);
	for (const block of message.content) {
		switch (block.type) {
			case "thinking":
				if (own && block.thinkingSignature && !block.redacted) {
					parts.push({ text: block.thinking, thought: true, thoughtSignature: block.thinkingSignature });
				}
				break;
			case "text":
				if (block.textSignature) parts.push({ text: block.text, thoughtSignature: block.textSignature });
				else if (block.text.trim()) parts.push({ text: block.text });
				break;
			case "toolCall": {
				const part: Part = { functionCall: { id: block.id, name: block.name, args: block.arguments } };
				const signature = block.thoughtSignature ?? (signedCalls ? undefined : UNSIGNED_CALL_SIGNATURE);
				if (signature !== undefined) part.thoughtSignature = signature;
				signedCalls = true;
				parts.push(part);
			}
		}
	}
	return parts;
}

/**
 * The thought signature Google documents for function calls the model did not make
 * itself ("skip_thought_signature_validator", accepted by the Gemini API and Vertex AI;
 * https://ai.google.dev/gemini-api/docs/thought-signatures#faqs).
 */
export const UNSIGNED_CALL_SIGNATURE = "skip_thought_signature_validator";

/**
 * A `functionResponse` answers its call by `id` and `name`. Gemini reads `output` for a
 * result and `error` for a failure; text blocks are joined, images follow the run of
 * responses (see {@link toolResultImages}).
 */
function functionResponse(message: ToolResultMessage): Part {
	const text = message.content
		.filter((block): block is TextContent => block.type === "text")
		.map((block) => block.text)
		.join("\n");
	const hasImages = message.content.some((block) => block.type === "image");
	const value = text || (hasImages ? "(the tool returned images; they follow this response)" : "");
	return {
		functionResponse: {
			id: message.toolCallId,
			name: message.toolName,
			response: message.isError ? { error: value } : { output: value },
		},
	};
}

/**
 * Images of a tool result go after all function responses of the run, as inline data
 * with a label: `functionResponse.parts` takes media only on Gemini 3, and a run must
 * keep its responses together.
 */
function toolResultImages(message: ToolResultMessage): Part[] {
	const images = message.content.filter((block): block is ImageContent => block.type === "image");
	if (images.length === 0) return [];
	const label = `Images returned by the tool ${message.toolName} (call ${message.toolCallId}):`;
	return [{ text: label }, ...images.flatMap((image) => mediaParts(image))];
}
