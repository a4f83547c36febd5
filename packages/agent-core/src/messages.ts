import type { ImageContent, Message, UserMessage } from "@kestrel/ai";
import type { AgentMessage } from "./types.js";

/** The `role` of any agent message; custom kinds are read the same way. */
export function roleOf(message: AgentMessage): unknown {
	return (message as { role?: unknown }).role;
}

/** Whether a message is one a provider understands (`user`, `assistant`, `toolResult`). */
export function isProviderMessage(message: AgentMessage): message is Message {
	const role = roleOf(message);
	return role === "user" || role === "assistant" || role === "toolResult";
}

/** The default `convertToLlm`: provider messages pass, custom kinds are dropped. */
export function defaultConvertToLlm(messages: AgentMessage[]): Message[] {
	const converted: Message[] = [];
	for (const message of messages) if (isProviderMessage(message)) converted.push(message);
	return converted;
}

/** A user message from text and optional images. */
export function createUserMessage(text: string, images: readonly ImageContent[] = []): UserMessage {
	const content = images.length === 0 ? text : [{ type: "text" as const, text }, ...images];
	return { role: "user", content, timestamp: Date.now() };
}
