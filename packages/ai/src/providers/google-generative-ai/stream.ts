import type { Fetch, GenerateContentParameters, GoogleGenAI, GoogleGenAIOptions } from "@google/genai";
import type { ProviderRun } from "../../provider-run.js";
import type { Context, Model } from "../../types.js";
import { ChunkTranslator } from "./chunks.js";
import { buildRequest } from "./convert.js";
import { describeSdkError } from "./errors.js";
import { readStreamBody, StreamBodyCapture } from "./raw-body.js";

/** What the provider uses of `@google/genai`, loaded lazily (see `index.ts`). */
export interface GoogleGenAISdkExports {
	GoogleGenAI: typeof import("@google/genai").GoogleGenAI;
	ApiError: typeof import("@google/genai").ApiError;
}

/** Passes the SDK's key check for keyless servers; never sent (see {@link createClient}). */
const KEYLESS_PLACEHOLDER = "kestrel-keyless";

/**
 * Thought summaries, thought signatures and `thinkingLevel` are Gemini API `v1beta`
 * features. `@google/genai` 3 defaults to `v1` (and reads `GOOGLE_GENAI_API_VERSION`),
 * so the version is always set here.
 */
const API_VERSION = "v1beta";

/** A base URL that already names an API version, e.g. `…googleapis.com/v1beta`. */
const VERSIONED_BASE_URL = /\/v\d+(?:alpha|beta)?\d*\/?$/;

/**
 * Sends one `streamGenerateContent` request and drives the assembler from its chunks.
 * The SDK sends the request and reports HTTP failures; the body is read here (see
 * `raw-body.ts`). The SDK's own error type carries only a status and a JSON message; it
 * is rewritten so that Google's status string and retry delay reach classification (see
 * `errors.ts`).
 */
export async function streamGenerateContent(
	sdk: GoogleGenAISdkExports,
	model: Model,
	context: Context,
	run: ProviderRun,
): Promise<void> {
	const params = await run.preparePayload(buildRequest(model, context, run.options));
	const capture = new StreamBodyCapture();
	const client = createClient(sdk, model, run, capture.fetch);
	const translator = new ChunkTranslator(run.assembler, newToolCallId);
	try {
		const request: GenerateContentParameters = {
			...params,
			config: {
				...params.config,
				abortSignal: run.signal,
				// The SDK would otherwise resume a dropped stream with new requests on its own.
				automaticContinuation: false,
			},
		};
		// Resolves once the response is in and OK; the SDK's generator it returns is not read.
		await client.models.generateContentStream(request);
		await readStreamBody(capture.take(), sdk.ApiError, (chunk) => {
			run.activity();
			translator.push(chunk);
		});
	} catch (thrown) {
		throw describeSdkError(thrown, sdk.ApiError);
	}
	if (run.signal.aborted) throw run.signal.reason;
	translator.end();
}

/**
 * The client is bound to the model and this run only. With no key the SDK would read
 * `GEMINI_API_KEY` / `GOOGLE_API_KEY` or Google Cloud credentials on its own and send
 * them to whatever `baseUrl` an app-defined model names, so a keyless run gets a
 * placeholder key that an empty `x-goog-api-key` header keeps from being sent (the
 * caller's own header still wins). `vertexai: false` keeps `GOOGLE_GENAI_USE_VERTEXAI`
 * (and `GOOGLE_GENAI_USE_ENTERPRISE`) from redirecting the request. No SDK timeout (the
 * run's watchdog owns them); SDK retries only when asked for.
 */
function createClient(sdk: GoogleGenAISdkExports, model: Model, run: ProviderRun, fetch: Fetch): GoogleGenAI {
	const baseUrl = model.baseUrl.replace(/\/+$/, "");
	const headers = run.apiKey ? { ...run.headers } : { "x-goog-api-key": "", ...run.headers };
	// `…/v1beta` as the base URL: the SDK must not add a second version segment.
	const apiVersion = VERSIONED_BASE_URL.test(baseUrl) ? "" : API_VERSION;
	const httpOptions: NonNullable<GoogleGenAIOptions["httpOptions"]> = { baseUrl, apiVersion, headers, fetch };
	const retries = run.options.maxRetries ?? 0;
	if (retries > 0) httpOptions.retryOptions = { attempts: retries + 1 };
	return new sdk.GoogleGenAI({
		apiKey: run.apiKey || KEYLESS_PLACEHOLDER,
		vertexai: false,
		apiVersion,
		httpOptions,
	});
}

/**
 * Gemini 2.x sends function calls without ids; tool results need one to answer. The id
 * is random, so calls of different responses never collide, and short and alphanumeric,
 * so every provider accepts it when the conversation moves on.
 */
function newToolCallId(): string {
	return `call_${globalThis.crypto.randomUUID().replace(/-/g, "").slice(0, 24)}`;
}
