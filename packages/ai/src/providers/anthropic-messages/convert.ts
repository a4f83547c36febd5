import type {
	Tool as AnthropicTool,
	CacheControlEphemeral,
	ContentBlockParam,
	ImageBlockParam,
	MessageCreateParamsStreaming,
	MessageParam,
	TextBlockParam,
	ToolResultBlockParam,
} from "@anthropic-ai/sdk/resources/messages";
import { prepareReplay } from "../../replay/prepare-replay.js";
import { removeLoneSurrogates } from "../../replay/surrogates.js";
import { ANTHROPIC_MESSAGES_REPLAY } from "../../replay/target-rules.js";
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
import { acceptsSampling, reasoningParams } from "./map.js";

/** The request body for `POST /v1/messages` with `stream: true`. Pure. */
export function buildRequest(
	model: Model,
	context: Context,
	options: StreamOptions,
): MessageCreateParamsStreaming {
	const reasoning = reasoningParams(model, options);
	const body: MessageCreateParamsStreaming = {
		model: model.id,
		max_tokens: reasoning.maxTokens,
		messages: convertMessages(model, context.messages),
		stream: true,
	};
	if (context.systemPrompt) {
		body.system = [{ type: "text", text: removeLoneSurrogates(context.systemPrompt) }];
	}
	if (context.tools?.length) {
		body.tools = context.tools.map(
			(tool): AnthropicTool => ({
				name: tool.name,
				description: tool.description,
				input_schema: tool.parameters as unknown as AnthropicTool.InputSchema,
			}),
		);
	}
	if (reasoning.thinking && !continuesToolLoopWithoutThinking(body.messages)) {
		body.thinking = reasoning.thinking;
	}
	if (reasoning.effort) body.output_config = { effort: reasoning.effort };
	if (options.temperature !== undefined && !reasoning.thinking && acceptsSampling(model, options)) {
		// Not in the SDK 1.x request type any more (see acceptsSampling), so added untyped.
		Object.assign(body, { temperature: options.temperature });
	}
	if (options.sessionId) body.metadata = { user_id: options.sessionId };
	applyCacheControl(body, options.cacheRetention ?? "short");
	return body;
}

/**
 * With thinking on, Claude requires the last assistant turn to start with a thinking
 * block when the request continues its tool calls ("a final assistant message must start
 * with a thinking block"). A tool loop that another model started, or whose thinking was
 * cut before its signature, has none to replay: that one request goes without thinking,
 * the way out Anthropic's error names, and the next user turn thinks again.
 */
function continuesToolLoopWithoutThinking(messages: readonly MessageParam[]): boolean {
	const last = messages.findLastIndex((message) => message.role === "assistant");
	const turn = messages[last];
	if (!turn || typeof turn.content === "string") return false;
	const answered = messages
		.slice(last + 1)
		.some((message) => typeof message.content !== "string" && message.content.some(isToolResult));
	const first = turn.content[0]?.type;
	return answered && first !== "thinking" && first !== "redacted_thinking";
}

function isToolResult(block: { type: string }): boolean {
	return block.type === "tool_result";
}

/**
 * Marks the three prefixes worth caching: the system prompt, the tool list and the
 * conversation up to the last user turn, so that the next turn reads them from cache.
 */
function applyCacheControl(body: MessageCreateParamsStreaming, retention: "none" | "short" | "long"): void {
	if (retention === "none") return;
	const marker = (): CacheControlEphemeral =>
		retention === "long" ? { type: "ephemeral", ttl: "1h" } : { type: "ephemeral" };
	const system = Array.isArray(body.system) ? body.system.at(-1) : undefined;
	if (system) system.cache_control = marker();
	const tool = body.tools?.at(-1);
	if (tool) tool.cache_control = marker();
	const lastUser = body.messages.findLast((message) => message.role === "user");
	if (!lastUser) return;
	if (typeof lastUser.content === "string") lastUser.content = [{ type: "text", text: lastUser.content }];
	// Text, image and tool_result blocks, the only ones a user turn holds here, all take a marker.
	const block = lastUser.content.at(-1) as { cache_control?: CacheControlEphemeral | null } | undefined;
	if (block) block.cache_control = marker();
}

/**
 * The history for Claude, after the shared replay step (`prepareReplay`: errored and
 * aborted turns skipped with their results, every call answered, ids mapped to
 * Anthropic's rule, images noted for text-only models, foreign and unsigned thinking
 * dropped). Consecutive tool results become one user message.
 */
export function convertMessages(model: Model, messages: readonly Message[]): MessageParam[] {
	const converted: MessageParam[] = [];
	let results: ToolResultBlockParam[] = [];
	const flushResults = () => {
		if (results.length) converted.push({ role: "user", content: results });
		results = [];
	};
	for (const message of prepareReplay(messages, model, ANTHROPIC_MESSAGES_REPLAY)) {
		if (message.role === "toolResult") {
			results.push(toolResult(message));
			continue;
		}
		flushResults();
		const content = message.role === "user" ? userContent(message.content) : assistantContent(message);
		if (content.length) converted.push({ role: message.role, content } as MessageParam);
	}
	flushResults();
	return converted;
}

function userContent(content: string | (TextContent | ImageContent)[]): (TextBlockParam | ImageBlockParam)[] {
	if (typeof content === "string") return content.trim() ? [{ type: "text", text: content }] : [];
	return mediaBlocks(content);
}

/** Images reach this point only for models that read them; empty text blocks are rejected by the API. */
function mediaBlocks(content: readonly (TextContent | ImageContent)[]): (TextBlockParam | ImageBlockParam)[] {
	const blocks: (TextBlockParam | ImageBlockParam)[] = [];
	for (const block of content) {
		if (block.type === "text") {
			if (block.text.trim()) blocks.push({ type: "text", text: block.text });
		} else {
			const media_type = block.mimeType as "image/jpeg" | "image/png" | "image/gif" | "image/webp";
			blocks.push({ type: "image", source: { type: "base64", media_type, data: block.data } });
		}
	}
	return blocks;
}

/**
 * Thinking that reaches this point is Claude's own and signed (the replay step dropped
 * everything else): it goes back byte-for-byte, since the signature covers it
 * and any change fails the request.
 */
function assistantContent(message: AssistantMessage): ContentBlockParam[] {
	const blocks: ContentBlockParam[] = [];
	for (const block of message.content) {
		switch (block.type) {
			case "text":
				if (block.text.trim()) blocks.push({ type: "text", text: block.text });
				break;
			case "thinking":
				if (block.redacted && block.thinkingSignature) {
					blocks.push({ type: "redacted_thinking", data: block.thinkingSignature });
				} else if (block.thinkingSignature) {
					blocks.push({ type: "thinking", thinking: block.thinking, signature: block.thinkingSignature });
				}
				break;
			case "toolCall":
				blocks.push({ type: "tool_use", id: block.id, name: block.name, input: block.arguments });
		}
	}
	return blocks;
}

function toolResult(message: ToolResultMessage): ToolResultBlockParam {
	const result: ToolResultBlockParam = { type: "tool_result", tool_use_id: message.toolCallId };
	const content = mediaBlocks(message.content);
	if (content.length) result.content = content;
	if (message.isError) result.is_error = true;
	return result;
}
