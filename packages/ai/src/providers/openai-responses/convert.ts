import type {
	FunctionTool,
	ResponseCreateParamsStreaming,
	ResponseInputContent,
	ResponseInputItem,
	ResponseOutputMessage,
	ResponseReasoningItem,
} from "openai/resources/responses/responses";
import { isOwnMessage } from "../../replay/assistant-content.js";
import { prepareReplay } from "../../replay/prepare-replay.js";
import { removeLoneSurrogates } from "../../replay/surrogates.js";
import { OPENAI_RESPONSES_REPLAY } from "../../replay/target-rules.js";
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
import { reasoningRequest } from "./map.js";
import { splitToolCallId } from "./tool-ids.js";

/**
 * The request body for `responses.create`. Pure.
 *
 * `store: false` keeps nothing on OpenAI's side, so every request carries the whole
 * history (reasoning included, as encrypted items; see `reasoningRequest`). The output
 * limit is sent only when the caller sets `maxTokens`, as on Chat Completions.
 * `prompt_cache_key` (OpenAI only) routes the requests of one session to the same cache;
 * `cacheRetention: "long"` asks OpenAI to keep the cache for 24 hours.
 */
export function buildRequestBody(
	model: Model,
	context: Context,
	options: StreamOptions,
): ResponseCreateParamsStreaming {
	const body: ResponseCreateParamsStreaming = {
		model: model.id,
		input: convertInput(model, context),
		stream: true,
		store: false,
	};
	const { reasoning, include } = reasoningRequest(model, options);
	if (reasoning) body.reasoning = reasoning;
	if (include) body.include = include;
	if (options.maxTokens !== undefined) body.max_output_tokens = options.maxTokens;
	if (options.temperature !== undefined) body.temperature = options.temperature;
	if (context.tools && context.tools.length > 0) body.tools = context.tools.map(convertTool);
	const retention = options.cacheRetention ?? "short";
	if (model.provider === "openai" && retention !== "none") {
		if (options.sessionId) body.prompt_cache_key = options.sessionId;
		if (retention === "long") body.prompt_cache_retention = "24h";
	}
	return body;
}

/**
 * Converts the history into input items, after the shared replay step (`prepareReplay`:
 * errored and aborted turns skipped with their results, every call answered, strays
 * left out, ids mapped, another model's thinking and signatures dropped, images noted
 * for text-only models). The system prompt is a `developer` message for reasoning models
 * and a `system` message otherwise (OpenAI's own convention). Images of tool results
 * follow the run of outputs in one user message, since `function_call_output` carries
 * text here.
 */
export function convertInput(model: Model, context: Context): ResponseInputItem[] {
	const items: ResponseInputItem[] = [];
	if (context.systemPrompt) {
		const content = removeLoneSurrogates(context.systemPrompt);
		items.push({ role: model.reasoning ? "developer" : "system", content });
	}
	let images: ResponseInputContent[] = [];
	const flushImages = () => {
		if (images.length > 0) items.push({ role: "user", content: images });
		images = [];
	};
	for (const message of prepareReplay(context.messages, model, OPENAI_RESPONSES_REPLAY)) {
		if (message.role === "toolResult") {
			const { callId } = splitToolCallId(message.toolCallId);
			items.push(functionCallOutput(message, callId));
			images.push(...toolResultImages(message, callId));
			continue;
		}
		flushImages();
		if (message.role === "user") {
			const user = convertUser(message);
			if (user) items.push(user);
		} else {
			items.push(...assistantItems(message, isOwnMessage(message, model)));
		}
	}
	flushImages();
	return items;
}

function convertUser(message: UserMessage): ResponseInputItem | undefined {
	if (typeof message.content === "string") {
		if (!message.content) return undefined;
		return { role: "user", content: [{ type: "input_text", text: message.content }] };
	}
	const content = message.content.flatMap((part) =>
		part.type === "text" ? (part.text ? [inputText(part.text)] : []) : [imagePart(part)],
	);
	return content.length > 0 ? { role: "user", content } : undefined;
}

/**
 * A model's own turn goes back as the items it produced: reasoning items exactly as they
 * arrived (from `thinkingSignature`), and the output message and function call item ids,
 * which the API pairs with those reasoning items. Thinking reaches this point only from
 * the model itself (the replay step drops everyone else's).
 *
 * Item ids are sent only when every reasoning item of the turn can be replayed: an id
 * without its reasoning item is rejected ("provided without its required 'reasoning'
 * item"). Reasoning without `encrypted_content` is dropped, since with `store: false`
 * the server cannot look it up. Another model's calls carry no item id: the replay step
 * maps their ids to a plain `call_id`.
 */
function assistantItems(message: AssistantMessage, own: boolean): ResponseInputItem[] {
	const reasoning = new Map<number, ResponseReasoningItem | undefined>();
	message.content.forEach((block, index) => {
		if (block.type === "thinking") reasoning.set(index, replayableReasoning(block.thinkingSignature));
	});
	const withIds = own && [...reasoning.values()].every((item) => item !== undefined);
	const items: ResponseInputItem[] = [];
	message.content.forEach((block, index) => {
		switch (block.type) {
			case "thinking": {
				const item = reasoning.get(index);
				if (item) items.push(item);
				return;
			}
			case "text": {
				const id = withIds ? block.textSignature : undefined;
				if (!block.text && !id) return;
				items.push(outputMessage(block.text, id));
				return;
			}
			case "toolCall": {
				const { callId, itemId } = splitToolCallId(block.id);
				items.push({
					type: "function_call",
					call_id: callId,
					name: block.name,
					arguments: JSON.stringify(block.arguments),
					...(withIds && itemId ? { id: itemId } : {}),
				});
			}
		}
	});
	return items;
}

/** The reasoning item a signature holds, if it can be replayed with `store: false`. */
function replayableReasoning(signature: string | undefined): ResponseReasoningItem | undefined {
	if (!signature) return undefined;
	let item: unknown;
	try {
		item = JSON.parse(signature);
	} catch {
		return undefined;
	}
	const candidate = item as Partial<ResponseReasoningItem> | null;
	if (candidate?.type !== "reasoning" || typeof candidate.encrypted_content !== "string") return undefined;
	return candidate as ResponseReasoningItem;
}

/** The SDK types `id` as required, but the API takes assistant history without one. */
function outputMessage(text: string, id: string | undefined): ResponseOutputMessage {
	const message = {
		type: "message",
		role: "assistant",
		content: [{ type: "output_text", text, annotations: [] }],
		status: "completed",
		...(id ? { id } : {}),
	};
	return message as ResponseOutputMessage;
}

function functionCallOutput(
	message: ToolResultMessage,
	callId: string,
): ResponseInputItem.FunctionCallOutput {
	const text = message.content
		.filter((part): part is TextContent => part.type === "text")
		.map((part) => part.text)
		.join("\n");
	const hasImages = message.content.some((part) => part.type === "image");
	const output =
		text || (hasImages ? "(the tool returned images; they follow in the next user message)" : "");
	return { type: "function_call_output", call_id: callId, output };
}

function toolResultImages(message: ToolResultMessage, callId: string): ResponseInputContent[] {
	const images = message.content.filter((part): part is ImageContent => part.type === "image");
	if (images.length === 0) return [];
	const label = inputText(`Images returned by the tool ${message.toolName} (call ${callId}):`);
	return [label, ...images.map(imagePart)];
}

/** Images reach this point only for models that read them (the replay step notes the others). */
function imagePart(image: ImageContent): ResponseInputContent {
	return { type: "input_image", detail: "auto", image_url: `data:${image.mimeType};base64,${image.data}` };
}

function inputText(text: string): ResponseInputContent {
	return { type: "input_text", text };
}

/** `strict: false`: strict mode needs every property required and no extra keys, which
 * ordinary TypeBox schemas do not promise. */
function convertTool(tool: Tool): FunctionTool {
	return {
		type: "function",
		name: tool.name,
		description: tool.description,
		parameters: tool.parameters as unknown as Record<string, unknown>,
		strict: false,
	};
}
