import type { ConversationApi } from "./script-schema.js";

/**
 * What a reply's `when` is tested against: the texts sent since the model's last turn
 * (the request's tail). A request that ends with a prompt has `userText`; one that
 * carries the results of the model's tool calls has `toolResultText`; a user message with
 * both (steering after a tool run, say) has both.
 */
export interface RequestFacts {
	/** The model-request number, from 1. */
	turn: number;
	/** The user text of the tail, joined by newlines; undefined when the tail has none. */
	userText?: string;
	/** The tool results of the tail, joined by newlines; undefined when the tail has none. */
	toolResultText?: string;
}

/** One message of a request, reduced to what matching needs. */
type Entry = { kind: "user"; text: string } | { kind: "toolResult"; text: string } | { kind: "model" };

/** The facts of a request body in `api`'s format; a body it cannot read gives only the turn. */
export function requestFacts(api: ConversationApi, body: unknown, turn: number): RequestFacts {
	const entries = ENTRIES[api](isObject(body) ? body : {});
	const lastModel = entries.findLastIndex((entry) => entry.kind === "model");
	const tail = entries.slice(lastModel + 1);
	const joined = (kind: "user" | "toolResult") => {
		const texts = tail.flatMap((entry) => (entry.kind === kind ? [entry.text] : []));
		return texts.length > 0 ? texts.join("\n") : undefined;
	};
	const userText = joined("user");
	const toolResultText = joined("toolResult");
	return {
		turn,
		...(userText === undefined ? {} : { userText }),
		...(toolResultText === undefined ? {} : { toolResultText }),
	};
}

const ENTRIES: Record<ConversationApi, (body: Record<string, unknown>) => Entry[]> = {
	/** `messages`: user turns hold text and `tool_result` blocks. */
	"anthropic-messages": (body) =>
		list(body.messages).flatMap((message): Entry[] => {
			if (message.role !== "user") return [{ kind: "model" }];
			if (typeof message.content === "string") return [{ kind: "user", text: message.content }];
			return list(message.content).flatMap((block): Entry[] => {
				if (block.type === "text") return [{ kind: "user", text: String(block.text ?? "") }];
				if (block.type === "tool_result") return [{ kind: "toolResult", text: partsText(block.content) }];
				return [];
			});
		}),
	/** `messages`: `user` and `tool` messages; `system` and `developer` are not matched. */
	"openai-completions": (body) =>
		list(body.messages).flatMap((message): Entry[] => {
			if (message.role === "user") return [{ kind: "user", text: partsText(message.content) }];
			if (message.role === "tool") return [{ kind: "toolResult", text: partsText(message.content) }];
			if (message.role === "assistant") return [{ kind: "model" }];
			return [];
		}),
	/** `input`: a string, or items: user messages, `function_call_output`s and the model's items. */
	"openai-responses": (body) => {
		if (typeof body.input === "string") return [{ kind: "user", text: body.input }];
		return list(body.input).flatMap((item): Entry[] => {
			if (item.type === "function_call_output") return [{ kind: "toolResult", text: partsText(item.output) }];
			if (item.role === "user") return [{ kind: "user", text: partsText(item.content) }];
			if (item.role === "system" || item.role === "developer") return [];
			return [{ kind: "model" }];
		});
	},
	/** `contents`: `user` contents hold text and `functionResponse` parts; `model` is the model's. */
	"google-generative-ai": (body) =>
		list(body.contents).flatMap((content): Entry[] => {
			if (content.role === "model") return [{ kind: "model" }];
			return list(content.parts).flatMap((part): Entry[] => {
				if (typeof part.text === "string" && !part.thought) return [{ kind: "user", text: part.text }];
				if (isObject(part.functionResponse)) {
					const response = part.functionResponse.response;
					const value = isObject(response) ? (response.output ?? response.error ?? response) : response;
					return [{ kind: "toolResult", text: typeof value === "string" ? value : JSON.stringify(value) }];
				}
				return [];
			});
		}),
};

/** Text content in any of the formats' shapes: a string, or parts with `text`. */
function partsText(content: unknown): string {
	if (typeof content === "string") return content;
	return list(content)
		.flatMap((part) => (typeof part.text === "string" ? [part.text] : []))
		.join("\n");
}

function list(value: unknown): Record<string, unknown>[] {
	return Array.isArray(value) ? value.filter(isObject) : [];
}

function isObject(value: unknown): value is Record<string, unknown> {
	return typeof value === "object" && value !== null && !Array.isArray(value);
}
