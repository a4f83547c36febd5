import type {
	AssistantMessage,
	ImageContent,
	Model,
	TextContent,
	ToolCall,
	ToolResultMessage,
	UserMessage,
} from "../types.js";
import { removeLoneSurrogates } from "./surrogates.js";

/**
 * The note that stands in for an image sent to a model that reads text only, so that
 * the model knows something was there (and the user's reference to "this picture" still
 * makes sense) instead of receiving a request the API rejects.
 */
export function omittedImageNote(image: ImageContent, target: Model): TextContent {
	return {
		type: "text",
		text: `(an image of type ${image.mimeType} was omitted: ${target.id} reads text only)`,
	};
}

/** User or tool-result content: text without lone surrogates, images or their note. */
export function replayMediaContent(
	content: readonly (TextContent | ImageContent)[],
	target: Model,
): (TextContent | ImageContent)[] {
	const readsImages = target.input.includes("image");
	return content.map((part) => {
		if (part.type === "image") return readsImages ? part : omittedImageNote(part, target);
		return { type: "text", text: removeLoneSurrogates(part.text) };
	});
}

export function replayUserMessage(message: UserMessage, target: Model): UserMessage {
	const content =
		typeof message.content === "string"
			? removeLoneSurrogates(message.content)
			: replayMediaContent(message.content, target);
	return { ...message, content };
}

/** A tool result answering the call now known as `toolCallId`. */
export function replayToolResult(
	message: ToolResultMessage,
	toolCallId: string,
	target: Model,
): ToolResultMessage {
	return { ...message, toolCallId, content: replayMediaContent(message.content, target) };
}

/**
 * The error result for a call that has none (the turn was interrupted, the process
 * ended before the tool ran). APIs reject a tool call that is not answered before the
 * next turn, and the model learns that the call did not happen. Its timestamp is the
 * calling turn's, so that the replay stays a pure function of the history.
 */
export function missingToolResult(call: ToolCall, turn: AssistantMessage): ToolResultMessage {
	return {
		role: "toolResult",
		toolCallId: call.id,
		toolName: call.name,
		content: [
			{ type: "text", text: `The ${call.name} tool call got no result: the turn ended before it ran.` },
		],
		isError: true,
		timestamp: turn.timestamp,
	};
}
