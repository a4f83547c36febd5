import { Type } from "typebox";

/** Differences between Claude models on `anthropic-messages`. */
export const ANTHROPIC_MESSAGES_COMPAT = Type.Object(
	{
		thinkingMode: Type.Optional(
			Type.Union([Type.Literal("budget"), Type.Literal("adaptive")], {
				description:
					"How the unified reasoning level is sent: `budget` as `thinking.budget_tokens` (Claude 3.7 and 4.x), " +
					"`adaptive` as adaptive thinking with an `effort` value (models that take it). Default `budget`.",
			}),
		),
	},
	{ additionalProperties: false },
);
