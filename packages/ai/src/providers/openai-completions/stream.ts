import type { ClientOptions, OpenAI } from "openai";
import type { ProviderRun } from "../../provider-run.js";
import type { Context, Model } from "../../types.js";
import { ChunkTranslator, type WireChunk } from "./chunks.js";
import { resolveCompat } from "./compat.js";
import { buildRequestBody } from "./convert.js";
import { wrapFetch } from "./fetch.js";

/** The `openai` package as `import("openai")` returns it. */
export type OpenAISdk = typeof import("openai");

/**
 * The SDK refuses to start without a key, but local servers (Ollama, llama.cpp, vLLM,
 * LM Studio) need none. Keyless runs get this placeholder to pass the SDK's check, and
 * the `Authorization` header is removed, so that no made-up credential reaches a server.
 */
const KEYLESS_PLACEHOLDER = "kestrel-keyless";

/** Sends one chat-completions request and drives its stream into the run's assembler. */
export async function streamChatCompletions(
	sdk: OpenAISdk,
	model: Model,
	context: Context,
	run: ProviderRun,
): Promise<void> {
	const compat = resolveCompat(model);
	const client = createClient(sdk, model, run);
	const body = await run.preparePayload(buildRequestBody(model, context, run.options, compat));
	const stream = await client.chat.completions.create(body, { signal: run.signal });
	const translator = new ChunkTranslator(run.assembler, compat);
	for await (const chunk of stream) {
		run.activity();
		translator.push(chunk as WireChunk);
	}
	// On abort the SDK ends the iteration quietly; the run turns the reason into its error.
	if (run.signal.aborted) throw run.signal.reason;
	translator.end();
}

function createClient(sdk: OpenAISdk, model: Model, run: ProviderRun): OpenAI {
	const headers: Record<string, string | null> = { ...run.headers };
	const callerAuthorization = Object.keys(run.headers).some((name) => name.toLowerCase() === "authorization");
	if (run.apiKey === undefined && !callerAuthorization) headers.Authorization = null;
	const options: ClientOptions = {
		apiKey: run.apiKey ?? KEYLESS_PLACEHOLDER,
		baseURL: model.baseUrl,
		maxRetries: run.options.maxRetries ?? 0,
		defaultHeaders: headers,
		fetch: wrapFetch(globalThis.fetch, () => run.activity()),
	};
	// The SDK reads OPENAI_ORG_ID and OPENAI_PROJECT_ID by default: OpenAI's, not another server's.
	if (model.provider !== "openai") {
		options.organization = null;
		options.project = null;
	}
	return new sdk.OpenAI(options);
}
