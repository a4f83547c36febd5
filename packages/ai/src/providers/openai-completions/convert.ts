import type {
	ChatCompletionContentPart,
	ChatCompletionContentPartImage,
	ChatCompletionContentPartText,
	ChatCompletionCreateParamsStreaming,
	ChatCompletionFunctionTool,
	ChatCompletionMessageFunctionToolCall,
	ChatCompletionMessageParam,
} from "openai/resources/chat/completions";
import { isOwnMessage } from "../../replay/assistant-content.js";
import { prepareReplay } from "../../replay/prepare-replay.js";
import { removeLoneSurrogates } from "../../replay/surrogates.js";
import { openAICompletionsReplay } from "../../replay/target-rules.js";
import type {
	AssistantMessage,
	Context,
	ImageContent,
	Model,
	StreamOptions,
	TextContent,
	Tool,
	ToolResultMessage,
	UserMessage,
} from "../../types.js";
import { mapReasoningEffort } from "../openai-shared/reasoning-effort.js";
import { type ResolvedCompat, resolveToolCallIdFormat } from "./compat.js";

/**
 * The request body for `chat.completions.create`.
 *
 * The output limit is sent only when the caller sets `maxTokens`: vLLM and llama.cpp
 * reject requests whose prompt plus limit exceed the context window, so sending the
 * model's maximum by default would turn long prompts into spurious overflow errors.
 * `prompt_cache_key` (OpenAI only) routes requests of one session to the same cache.
 */
export function buildRequestBody(
	model: Model,
	context: Context,
	options: StreamOptions,
	compat: ResolvedCompat,
): ChatCompletionCreateParamsStreaming {
	const body: ChatCompletionCreateParamsStreaming = {
		model: model.id,
		messages: convertMessages(model, context, compat),
		stream: true,
	};
	if (compat.supportsUsageInStreaming) body.stream_options = { include_usage: true };
	if (compat.supportsStore) body.store = false;
	if (options.maxTokens !== undefined) body[compat.maxTokensField] = options.maxTokens;
	if (options.temperature !== undefined) body.temperature = options.temperature;
	if (compat.supportsReasoningEffort) {
		const effort = mapReasoningEffort(model, options.reasoning);
		if (effort) body.reasoning_effort = effort;
	}
	if (context.tools && context.tools.length > 0) body.tools = context.tools.map(convertTool);
	if (model.provider === "openai" && options.sessionId && options.cacheRetention !== "none") {
		body.prompt_cache_key = options.sessionId;
	}
	return body;
}

/**
 * The history after the shared replay step (`prepareReplay`: errored turns skipped, every
 * call answered, ids mapped to the server's rule, images noted for text-only models).
 * The model's own thinking blocks are not sent back: OpenAI never streams its reasoning
 * on this API, and the compatible servers that do (DeepSeek, vLLM, llama.cpp) ignore or
 * reject it in the history. Mistral is the exception: its API takes an assistant's
 * reasoning back as `thinking` content parts (see {@link convertAssistant}).
 */
export function convertMessages(
	model: Model,
	context: Context,
	compat: ResolvedCompat,
): ChatCompletionMessageParam[] {
	const out: ChatCompletionMessageParam[] = [];
	const replay = openAICompletionsReplay(resolveToolCallIdFormat(model));
	const thinkingParts = model.provider === "mistral";
	if (context.systemPrompt) {
		out.push({ role: compat.systemRole, content: removeLoneSurrogates(context.systemPrompt) });
	}
	// Images of a run of tool results, sent as one user message once the run ends.
	let pendingImages: ChatCompletionContentPart[] = [];
	const flushImages = () => {
		if (pendingImages.length === 0) return;
		out.push({ role: "user", content: pendingImages });
		pendingImages = [];
	};
	for (const message of prepareReplay(context.messages, model, replay)) {
		if (message.role !== "toolResult") flushImages();
		switch (message.role) {
			case "user":
				out.push(convertUser(message));
				break;
			case "assistant": {
				const converted = convertAssistant(message, isOwnMessage(message, model), thinkingParts);
				if (converted) out.push(converted);
				break;
			}
			case "toolResult":
				out.push(convertToolResult(message));
				pendingImages.push(...toolResultImages(message));
				break;
		}
	}
	flushImages();
	return out;
}

/** Text-only content goes as a plain string: several compatible servers reject part arrays. */
function convertUser(message: UserMessage): ChatCompletionMessageParam {
	if (typeof message.content === "string") return { role: "user", content: message.content };
	if (message.content.every((part) => part.type === "text")) {
		return { role: "user", content: joinText(message.content) };
	}
	const parts = message.content.map(
		(part): ChatCompletionContentPart =>
			part.type === "text" ? { type: "text", text: part.text } : imagePart(part),
	);
	return { role: "user", content: parts };
}

/**
 * The model's own text blocks are pieces of one answer, cut where reasoning came in
 * between, and join without a separator. Another model's blocks are its paragraphs,
 * separate pieces that keep a blank line between them.
 *
 * With `thinkingParts` (Mistral) the model's own reasoning goes back the way Mistral
 * streamed it: the content becomes a list of `thinking` and `text` parts in the order of
 * the blocks. Mistral documents this shape for assistant messages and advises against
 * dropping the reasoning of earlier turns; its API rejects unknown fields such as
 * `reasoning_content`. Thinking of other models never reaches this point (`prepareReplay`
 * drops it), so it is never sent, as thinking or as text.
 */
function convertAssistant(
	message: AssistantMessage,
	own: boolean,
	thinkingParts: boolean,
): ChatCompletionMessageParam | undefined {
	const toolCalls: ChatCompletionMessageFunctionToolCall[] = [];
	for (const block of message.content) {
		if (block.type !== "toolCall") continue;
		toolCalls.push({
			id: block.id,
			type: "function",
			function: { name: block.name, arguments: JSON.stringify(block.arguments) },
		});
	}
	const parts = own && thinkingParts ? mistralContentParts(message) : undefined;
	if (parts) {
		const content = parts as unknown as ChatCompletionContentPartText[];
		return toolCalls.length === 0
			? { role: "assistant", content }
			: { role: "assistant", content, tool_calls: toolCalls };
	}
	const text = message.content
		.filter((block): block is TextContent => block.type === "text" && block.text !== "")
		.map((block) => block.text)
		.join(own ? "" : "\n\n");
	if (!text && toolCalls.length === 0) return undefined;
	if (toolCalls.length === 0) return { role: "assistant", content: text };
	return { role: "assistant", content: text || null, tool_calls: toolCalls };
}

/** A content part of a Mistral assistant message. */
type MistralContentPart =
	| { type: "text"; text: string }
	| { type: "thinking"; thinking: { type: "text"; text: string }[] };

/**
 * The message's text and thinking as Mistral content parts, adjacent text joined; undefined
 * when it has no thinking to send (the plain string form is then used).
 */
function mistralContentParts(message: AssistantMessage): MistralContentPart[] | undefined {
	const parts: MistralContentPart[] = [];
	let hasThinking = false;
	for (const block of message.content) {
		if (block.type === "thinking") {
			if (block.redacted || !block.thinking.trim()) continue;
			parts.push({ type: "thinking", thinking: [{ type: "text", text: block.thinking }] });
			hasThinking = true;
		} else if (block.type === "text" && block.text !== "") {
			const last = parts.at(-1);
			if (last?.type === "text") last.text += block.text;
			else parts.push({ type: "text", text: block.text });
		}
	}
	return hasThinking ? parts : undefined;
}

/**
 * A `tool` message takes text only. Its images follow the whole run of tool messages in
 * one user message: OpenAI requires the tool messages to come right after the assistant
 * message that asked for them, so nothing may sit between two of them.
 */
function convertToolResult(message: ToolResultMessage): ChatCompletionMessageParam {
	const hasImages = message.content.some((part) => part.type === "image");
	const text = joinText(message.content.filter((part): part is TextContent => part.type === "text"));
	const content =
		text || (hasImages ? "(the tool returned images; they follow in the next user message)" : "");
	return { role: "tool", tool_call_id: message.toolCallId, content };
}

function toolResultImages(message: ToolResultMessage): ChatCompletionContentPart[] {
	const images = message.content.filter((part): part is ImageContent => part.type === "image");
	if (images.length === 0) return [];
	const label = `Images returned by the tool ${message.toolName} (call ${message.toolCallId}):`;
	return [{ type: "text", text: label }, ...images.map(imagePart)];
}

function imagePart(image: ImageContent): ChatCompletionContentPartImage {
	return { type: "image_url", image_url: { url: `data:${image.mimeType};base64,${image.data}` } };
}

function joinText(parts: readonly TextContent[]): string {
	return parts.map((part) => part.text).join("\n");
}

function convertTool(tool: Tool): ChatCompletionFunctionTool {
	return {
		type: "function",
		function: {
			name: tool.name,
			description: tool.description,
			parameters: tool.parameters as unknown as Record<string, unknown>,
		},
	};
}
