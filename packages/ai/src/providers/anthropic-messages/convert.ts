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
import { anthropicToolId } from "./tool-ids.js";

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
	if (context.systemPrompt) body.system = [{ type: "text", text: context.systemPrompt }];
	if (context.tools?.length) {
		body.tools = context.tools.map(
			(tool): AnthropicTool => ({
				name: tool.name,
				description: tool.description,
				input_schema: tool.parameters as unknown as AnthropicTool.InputSchema,
			}),
		);
	}
	if (reasoning.thinking) body.thinking = reasoning.thinking;
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
 * Converts the history for Claude: errored and aborted turns are skipped (with the tool
 * results that answer them), consecutive tool results become one user message, a call
 * left without a result before the next turn gets a synthetic error result (the API
 * rejects a `tool_use` that is not answered), and tool-call ids follow Anthropic's rule.
 */
export function convertMessages(model: Model, messages: readonly Message[]): MessageParam[] {
	const converted: MessageParam[] = [];
	let unanswered = new Map<string, string>();
	let results: ToolResultBlockParam[] = [];
	const flushResults = (fillUnanswered: boolean) => {
		if (fillUnanswered) {
			for (const [id, name] of unanswered) results.push(missingResult(id, name));
			unanswered = new Map();
		}
		if (results.length) converted.push({ role: "user", content: results });
		results = [];
	};
	for (const message of messages) {
		if (message.role === "toolResult") {
			if (!unanswered.delete(message.toolCallId)) continue;
			results.push(toolResult(model, message));
			continue;
		}
		if (
			message.role === "assistant" &&
			(message.stopReason === "error" || message.stopReason === "aborted")
		) {
			continue;
		}
		flushResults(true);
		if (message.role === "user") {
			const content = userContent(model, message.content);
			if (content.length) converted.push({ role: "user", content });
		} else {
			const content = assistantContent(model, message);
			if (content.length) converted.push({ role: "assistant", content });
			for (const block of message.content)
				if (block.type === "toolCall") unanswered.set(block.id, block.name);
		}
	}
	flushResults(results.length > 0);
	return converted;
}

function userContent(
	model: Model,
	content: string | (TextContent | ImageContent)[],
): (TextBlockParam | ImageBlockParam)[] {
	if (typeof content === "string") return content.trim() ? [{ type: "text", text: content }] : [];
	return mediaBlocks(model, content);
}

function mediaBlocks(
	model: Model,
	content: readonly (TextContent | ImageContent)[],
): (TextBlockParam | ImageBlockParam)[] {
	const blocks: (TextBlockParam | ImageBlockParam)[] = [];
	for (const block of content) {
		if (block.type === "text") {
			if (block.text.trim()) blocks.push({ type: "text", text: block.text });
		} else if (model.input.includes("image")) {
			const media_type = block.mimeType as "image/jpeg" | "image/png" | "image/gif" | "image/webp";
			blocks.push({ type: "image", source: { type: "base64", media_type, data: block.data } });
		} else {
			blocks.push({
				type: "text",
				text: `(an image of type ${block.mimeType} was omitted: ${model.id} reads text only)`,
			});
		}
	}
	return blocks;
}

/**
 * Claude's own thinking goes back byte-for-byte: the signature proves it and any change
 * fails the request. Thinking from another provider (or without a signature, as after an
 * interrupted stream) is plain text to Claude; foreign redacted thinking is unreadable
 * and dropped.
 */
function assistantContent(model: Model, message: AssistantMessage): ContentBlockParam[] {
	const own = message.api === model.api && message.provider === model.provider;
	const blocks: ContentBlockParam[] = [];
	for (const block of message.content) {
		switch (block.type) {
			case "text":
				if (block.text.trim()) blocks.push({ type: "text", text: block.text });
				break;
			case "thinking":
				if (own && block.redacted && block.thinkingSignature) {
					blocks.push({ type: "redacted_thinking", data: block.thinkingSignature });
				} else if (own && !block.redacted && block.thinkingSignature) {
					blocks.push({ type: "thinking", thinking: block.thinking, signature: block.thinkingSignature });
				} else if (!block.redacted && block.thinking.trim()) {
					blocks.push({ type: "text", text: block.thinking });
				}
				break;
			case "toolCall":
				blocks.push({
					type: "tool_use",
					id: anthropicToolId(block.id),
					name: block.name,
					input: block.arguments,
				});
		}
	}
	return blocks;
}

function toolResult(model: Model, message: ToolResultMessage): ToolResultBlockParam {
	const result: ToolResultBlockParam = {
		type: "tool_result",
		tool_use_id: anthropicToolId(message.toolCallId),
	};
	const content = mediaBlocks(model, message.content);
	if (content.length) result.content = content;
	if (message.isError) result.is_error = true;
	return result;
}

function missingResult(id: string, name: string): ToolResultBlockParam {
	return {
		type: "tool_result",
		tool_use_id: anthropicToolId(id),
		content: [{ type: "text", text: `The ${name} tool call got no result: the turn ended before it ran.` }],
		is_error: true,
	};
}
