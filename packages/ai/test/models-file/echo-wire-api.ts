import { Type } from "typebox";
import { ANTHROPIC_MESSAGES_REPLAY } from "../../src/replay/index.js";
import { createFauxProvider } from "../../src/testing/faux-provider.js";
import { defineWireApi } from "../../src/wire-api/wire-api.js";

/**
 * A wire API that does not ship with Kestrel, as a provider package would declare it:
 * its own flags, a credential chain with secret variables, a hosted and a local provider.
 */
export const echoWireApi = defineWireApi({
	api: "echo-stream",
	title: "Echo Stream",
	compat: Type.Object(
		{
			shout: Type.Optional(Type.Boolean({ description: "Answer in capitals." })),
			dialect: Type.Optional(
				Type.Union([Type.Literal("plain"), Type.Literal("fancy")], { description: "How | it talks." }),
			),
		},
		{ additionalProperties: false },
	),
	auth: {
		kind: "credentials",
		describe: "Set ECHO_SECRET.",
		resolve: async () => ({}),
		secretVariables: ["ECHO_SECRET", "ECHO_SESSION_TOKEN"],
	},
	providers: {
		echo: { name: "Echo Cloud", baseUrl: "https://echo.example/v1", apiKeyVariables: ["ECHO_BEARER"] },
	},
	replayRules: () => ANTHROPIC_MESSAGES_REPLAY,
	createProvider: () => createFauxProvider({ api: "echo-stream" }).provider,
});
