import type {
	Message as BedrockMessage,
	Tool as BedrockTool,
	CachePointBlock,
	ContentBlock,
	ConverseStreamCommandInput,
	ImageFormat,
	SystemContentBlock,
	ToolResultContentBlock,
} from "@aws-sdk/client-bedrock-runtime";
import type {
	AssistantMessage,
	CacheRetention,
	Context,
	ImageContent,
	Message,
	Model,
	StreamOptions,
	TextContent,
	ToolResultMessage,
} from "@kestrel/ai";
import { prepareReplay, removeLoneSurrogates } from "@kestrel/ai/provider-kit";
import type { ResolvedBedrockCompat } from "./compat-flags.js";
import { reasoningParams } from "./map.js";
import { BEDROCK_CONVERSE_REPLAY } from "./replay-rules.js";

/** A JSON document, as the SDK types tool inputs and model-specific fields. */
type DocumentType = NonNullable<ConverseStreamCommandInput["additionalModelRequestFields"]>;

/** The request of one `ConverseStream` call, as the SDK's `ConverseStreamCommand` takes it. */
export type ConverseStreamRequest = ConverseStreamCommandInput;

/** The body of a `ConverseStream` request. Pure. */
export function buildRequest(
	model: Model,
	context: Context,
	options: StreamOptions,
	compat: ResolvedBedrockCompat,
): ConverseStreamRequest {
	const reasoning = reasoningParams(model, options, compat);
	const request: ConverseStreamRequest = {
		modelId: model.id,
		messages: convertMessages(model, context.messages, compat),
	};
	if (context.systemPrompt) request.system = [{ text: removeLoneSurrogates(context.systemPrompt) }];
	if (context.tools?.length) {
		request.toolConfig = {
			tools: context.tools.map(
				(tool): BedrockTool => ({
					toolSpec: {
						name: tool.name,
						description: tool.description,
						// A plain JSON copy: TypeBox schemas carry symbol-keyed metadata.
						inputSchema: { json: JSON.parse(JSON.stringify(tool.parameters)) },
					},
				}),
			),
		};
	}
	const inference: NonNullable<ConverseStreamRequest["inferenceConfig"]> = {};
	if (reasoning.maxTokens !== undefined) inference.maxTokens = reasoning.maxTokens;
	const thinking =
		reasoning.budget !== undefined && !continuesToolLoopWithoutThinking(request.messages ?? []);
	if (thinking && reasoning.budget !== undefined) {
		request.additionalModelRequestFields = { thinking: { type: "enabled", budget_tokens: reasoning.budget } };
	} else if (options.temperature !== undefined) {
		// Claude rejects a temperature next to thinking.
		inference.temperature = options.temperature;
	}
	if (Object.keys(inference).length > 0) request.inferenceConfig = inference;
	applyCachePoints(request, options.cacheRetention ?? "short", compat);
	return request;
}

/**
 * With thinking on, Claude requires the last assistant turn to start with its thinking
 * when the request continues that turn's tool calls. A tool loop another model started,
 * or whose thinking was cut before its signature, has none to replay: that one request
 * goes without thinking, and the next user turn thinks again.
 */
function continuesToolLoopWithoutThinking(messages: readonly BedrockMessage[]): boolean {
	const last = messages.findLastIndex((message) => message.role === "assistant");
	const turn = messages[last];
	if (!turn) return false;
	const answered = messages
		.slice(last + 1)
		.some((message) => message.content?.some((block) => block.toolResult));
	return answered && turn.content?.[0]?.reasoningContent === undefined;
}

/**
 * A `cachePoint` marks the end of a prefix worth caching: the system prompt, the tool
 * list (models that cache tools) and the conversation up to the last user message, so that
 * the next turn reads them from the cache. Bedrock takes at most four per request.
 */
function applyCachePoints(
	request: ConverseStreamRequest,
	retention: CacheRetention,
	compat: ResolvedBedrockCompat,
): void {
	if (retention === "none" || compat.cachePoints === "none") return;
	const cachePoint = (): CachePointBlock =>
		retention === "long" ? { type: "default", ttl: "1h" } : { type: "default" };
	request.system?.push({ cachePoint: cachePoint() } as SystemContentBlock);
	if (compat.cachePoints === "all")
		request.toolConfig?.tools?.push({ cachePoint: cachePoint() } as BedrockTool);
	const lastUser = request.messages?.findLast((message) => message.role === "user");
	lastUser?.content?.push({ cachePoint: cachePoint() } as ContentBlock);
}

/**
 * The history for Bedrock, after the shared replay step (`prepareReplay`: errored and
 * aborted turns skipped with their results, every call answered, ids mapped to Bedrock's
 * rule, images noted for text-only models, foreign and unsigned thinking dropped).
 * Messages of one role in a row become one message: Converse requires the roles to
 * alternate, and tool results answer their calls in the user message that follows.
 */
export function convertMessages(
	model: Model,
	messages: readonly Message[],
	compat: ResolvedBedrockCompat,
): BedrockMessage[] {
	const converted: BedrockMessage[] = [];
	for (const message of prepareReplay(messages, model, BEDROCK_CONVERSE_REPLAY)) {
		const role = message.role === "assistant" ? "assistant" : "user";
		const content =
			message.role === "assistant"
				? assistantContent(message)
				: message.role === "user"
					? userContent(message.content)
					: [toolResult(message, compat)];
		if (content.length === 0) continue;
		const previous = converted.at(-1);
		if (previous?.role === role) previous.content?.push(...content);
		else converted.push({ role, content });
	}
	return converted;
}

function userContent(content: string | (TextContent | ImageContent)[]): ContentBlock[] {
	if (typeof content === "string") return content.trim() ? [{ text: content }] : [];
	return mediaBlocks(content);
}

const IMAGE_FORMATS: Record<string, ImageFormat> = {
	"image/png": "png",
	"image/jpeg": "jpeg",
	"image/jpg": "jpeg",
	"image/gif": "gif",
	"image/webp": "webp",
};

/** Text and images; empty text blocks are rejected by the API, and images are sent as bytes. */
function mediaBlocks(
	content: readonly (TextContent | ImageContent)[],
): (ContentBlock & ToolResultContentBlock)[] {
	const blocks: (ContentBlock & ToolResultContentBlock)[] = [];
	for (const block of content) {
		if (block.type === "text") {
			if (block.text.trim()) blocks.push({ text: block.text } as ContentBlock & ToolResultContentBlock);
			continue;
		}
		const format = IMAGE_FORMATS[block.mimeType.toLowerCase()];
		const part = format
			? { image: { format, source: { bytes: Buffer.from(block.data, "base64") } } }
			: { text: `(an image of type ${block.mimeType} was omitted: Bedrock takes PNG, JPEG, GIF and WebP)` };
		blocks.push(part as ContentBlock & ToolResultContentBlock);
	}
	return blocks;
}

/**
 * Thinking that reaches this point is the model's own and signed (the replay step dropped
 * everything else): it goes back byte-for-byte, since the signature covers it. Redacted
 * thinking is the encrypted bytes Bedrock sent, kept as base64 in `thinkingSignature`.
 */
function assistantContent(message: AssistantMessage): ContentBlock[] {
	const blocks: ContentBlock[] = [];
	for (const block of message.content) {
		switch (block.type) {
			case "text":
				if (block.text.trim()) blocks.push({ text: block.text });
				break;
			case "thinking":
				if (block.redacted && block.thinkingSignature) {
					blocks.push({
						reasoningContent: { redactedContent: Buffer.from(block.thinkingSignature, "base64") },
					});
				} else if (block.thinkingSignature) {
					blocks.push({
						reasoningContent: {
							reasoningText: { text: block.thinking, signature: block.thinkingSignature },
						},
					});
				}
				break;
			case "toolCall":
				blocks.push({
					toolUse: { toolUseId: block.id, name: block.name, input: block.arguments as DocumentType },
				});
		}
	}
	return blocks;
}

/** What an empty result says, since Bedrock requires at least one content block. */
const EMPTY_RESULT = "(no output)";
const ERROR_NOTE = "The tool reported an error.";

function toolResult(message: ToolResultMessage, compat: ResolvedBedrockCompat): ContentBlock {
	const content: ToolResultContentBlock[] = mediaBlocks(message.content);
	if (message.isError && !compat.toolResultStatus) content.unshift({ text: ERROR_NOTE });
	if (content.length === 0) content.push({ text: EMPTY_RESULT });
	const result: ContentBlock.ToolResultMember["toolResult"] = { toolUseId: message.toolCallId, content };
	if (compat.toolResultStatus) result.status = message.isError ? "error" : "success";
	return { toolResult: result };
}
