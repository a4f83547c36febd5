import { Type } from "typebox";

/**
 * Differences between servers that speak `openai-completions`. Every flag has a default
 * that matches OpenAI itself; OpenAI-compatible servers set what differs.
 */
export const OPENAI_COMPLETIONS_COMPAT = Type.Object(
	{
		maxTokensField: Type.Optional(
			Type.Union([Type.Literal("max_completion_tokens"), Type.Literal("max_tokens")], {
				description:
					"Send `max_completion_tokens` (OpenAI) or the older `max_tokens`. Default `max_completion_tokens`.",
			}),
		),
		systemRole: Type.Optional(
			Type.Union([Type.Literal("developer"), Type.Literal("system")], {
				description:
					"Send the system prompt as a `developer` message (OpenAI reasoning models) or `system`. " +
					"Default: `developer` for OpenAI's reasoning models, else `system`.",
			}),
		),
		supportsUsageInStreaming: Type.Optional(
			Type.Boolean({
				description: "Ask for a final usage chunk with `stream_options.include_usage`. Default true.",
			}),
		),
		supportsReasoningEffort: Type.Optional(
			Type.Boolean({
				description: "Send `reasoning_effort` from the unified level. Default: true for reasoning models.",
			}),
		),
		supportsStore: Type.Optional(
			Type.Boolean({ description: "Send `store: false`. Default true; some servers reject the field." }),
		),
		reasoningField: Type.Optional(
			Type.String({
				minLength: 1,
				description: "The field the server streams reasoning text in, when it is not one of the known ones.",
			}),
		),
		toolCallIdFormat: Type.Optional(
			Type.Union([Type.Literal("default"), Type.Literal("mistral")], {
				description:
					"The tool-call ids the server accepts in the history; ids other models made are mapped to it, " +
					"the same way in a call and its result. `default`: at most 40 characters (OpenAI's limit); " +
					"`mistral`: exactly 9 letters and digits. Default: `mistral` for provider `mistral`, else `default`.",
			}),
		),
		thinkTags: Type.Optional(
			Type.Union([Type.Literal("leading"), Type.Literal("prefilled")], {
				description:
					"The server writes reasoning into the answer as a `<think>…</think>` block (DeepSeek-R1 distills, " +
					"QwQ, Qwen3 without a reasoning parser); the block becomes a thinking block. `leading`: only a block " +
					"at the very start counts. `prefilled`: the chat template already wrote `<think>` into the prompt, " +
					"so the content starts inside the reasoning and its first `</think>` ends it. Only the first block " +
					"counts. Default: none, the content is text.",
			}),
		),
	},
	{ additionalProperties: false },
);
