import { Type } from "typebox";

/** Differences between Gemini models on `google-generative-ai`. */
export const GOOGLE_GENERATIVE_AI_COMPAT = Type.Object(
	{
		thinkingMode: Type.Optional(
			Type.Union([Type.Literal("budget"), Type.Literal("level")], {
				description:
					"How the unified reasoning level is sent: `budget` as `thinkingConfig.thinkingBudget` (Gemini 2.5), " +
					"`level` as `thinkingConfig.thinkingLevel` (Gemini 3). Default `budget`.",
			}),
		),
	},
	{ additionalProperties: false },
);
