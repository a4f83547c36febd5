import type { AgentMessage } from "@kestrel/agent-core";

/** The text of the last assistant message among `messages`, text blocks joined; `""` when there is none. */
export function finalAssistantText(messages: readonly AgentMessage[]): string {
	for (let index = messages.length - 1; index >= 0; index--) {
		const message = messages[index];
		if (message?.role !== "assistant") continue;
		return message.content
			.filter((block) => block.type === "text")
			.map((block) => block.text)
			.join("\n");
	}
	return "";
}
