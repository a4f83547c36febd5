import type { Model } from "@kestrel/ai";

/** The wire API of the scripted demo; registered only for `kestrel --demo`. */
export const DEMO_API = "kestrel-demo";
/** The demo's provider: the status line shows `kestrel/scripted-demo`. */
export const DEMO_PROVIDER = "kestrel";
export const DEMO_MODEL_ID = "scripted-demo";

/**
 * The model of `kestrel --demo`: a fixed script, not an AI, which its id and name say
 * wherever a model is shown. It needs no key, costs nothing and sends nothing anywhere.
 */
export const DEMO_MODEL: Model = {
	id: DEMO_MODEL_ID,
	name: "Scripted demo (not an AI)",
	api: DEMO_API,
	provider: DEMO_PROVIDER,
	baseUrl: "kestrel-demo:",
	reasoning: false,
	input: ["text"],
	cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
	contextWindow: 128_000,
	maxTokens: 8_192,
};
