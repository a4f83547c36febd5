import { type Static, Type } from "typebox";

/** The wire APIs a conversation script can be served in. */
export const CONVERSATION_APIS = [
	"anthropic-messages",
	"openai-completions",
	"openai-responses",
	"google-generative-ai",
] as const;

/** One of {@link CONVERSATION_APIS}. */
export type ConversationApi = (typeof CONVERSATION_APIS)[number];

const Pattern = (description: string) => Type.String({ minLength: 1, description });

/**
 * When a reply answers. Every condition given must hold. A reply without `when` answers
 * once, in its turn among the replies without `when`; a reply with `when` answers every
 * request that it matches.
 */
export const ConversationWhenSchema = Type.Object(
	{
		/** The model-request number the server received, from 1. */
		turn: Type.Optional(Type.Integer({ minimum: 1 })),
		/** A regular expression searched for in the user text sent since the model's last turn. */
		userMatches: Type.Optional(Pattern("a regular expression (JavaScript syntax)")),
		/** A regular expression searched for in the tool results sent since the model's last turn. */
		toolResultMatches: Type.Optional(Pattern("a regular expression (JavaScript syntax)")),
	},
	{ additionalProperties: false },
);

/** A tool call the model makes; `arguments` is the JSON object it passes. */
export const ConversationToolCallSchema = Type.Object(
	{
		name: Type.String({ minLength: 1 }),
		arguments: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
	},
	{ additionalProperties: false },
);

/** An HTTP error, in the API's own error format. */
export const ConversationErrorSchema = Type.Object(
	{
		status: Type.Integer({ minimum: 400, maximum: 599 }),
		message: Type.String({ minLength: 1 }),
	},
	{ additionalProperties: false },
);

/**
 * One model reply: thinking, then text, then tool calls, streamed in the script's API; or
 * an HTTP error. `delayMs` holds the response headers back; `chunkDelayMs` streams the
 * reply one event at a time (text, thinking and arguments in pieces of 8 characters).
 */
export const ConversationReplySchema = Type.Object(
	{
		when: Type.Optional(ConversationWhenSchema),
		thinking: Type.Optional(Type.String({ minLength: 1 })),
		text: Type.Optional(Type.String()),
		toolCalls: Type.Optional(Type.Array(ConversationToolCallSchema, { minItems: 1 })),
		error: Type.Optional(ConversationErrorSchema),
		delayMs: Type.Optional(Type.Integer({ minimum: 0 })),
		chunkDelayMs: Type.Optional(Type.Integer({ minimum: 0 })),
	},
	{ additionalProperties: false },
);

/** A fallback reply: a reply without `when`. */
export const ConversationFallbackSchema = Type.Omit(ConversationReplySchema, ["when"], {
	additionalProperties: false,
});

/**
 * A conversation script for `kestrel-wire`: the API to speak, the model id to offer and
 * the replies to choose from (see `chooseReply` for the rules).
 */
export const ConversationScriptSchema = Type.Object(
	{
		api: Type.Union([
			Type.Literal("anthropic-messages"),
			Type.Literal("openai-completions"),
			Type.Literal("openai-responses"),
			Type.Literal("google-generative-ai"),
		]),
		/** The model id the `models.json` snippet offers. Default `kestrel-wire`. */
		model: Type.Optional(Type.String({ minLength: 1, pattern: "^[^/\\s]+$" })),
		replies: Type.Array(ConversationReplySchema, { minItems: 1 }),
		/** Answers a request that no reply matches; without it, such a request gets HTTP 400. */
		fallback: Type.Optional(ConversationFallbackSchema),
	},
	{ additionalProperties: false },
);

export type ConversationWhen = Static<typeof ConversationWhenSchema>;
export type ConversationToolCall = Static<typeof ConversationToolCallSchema>;
export type ConversationReply = Static<typeof ConversationReplySchema>;
export type ConversationScript = Static<typeof ConversationScriptSchema>;
