import { Type } from "typebox";

/** Differences between models on `openai-responses`. */
export const OPENAI_RESPONSES_COMPAT = Type.Object(
	{
		reasoningSummary: Type.Optional(
			Type.Union(
				[Type.Literal("auto"), Type.Literal("concise"), Type.Literal("detailed"), Type.Literal("none")],
				{
					description:
						"Ask for reasoning summaries (`reasoning.summary`). Default `auto`; `none` asks for none " +
						"(organisations that are not verified for summaries get an error otherwise).",
				},
			),
		),
	},
	{ additionalProperties: false },
);
