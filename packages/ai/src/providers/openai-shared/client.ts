import type { ClientOptions, OpenAI } from "openai";
import type { ProviderRun } from "../../provider-run.js";
import type { Model } from "../../types.js";
import { wrapFetch } from "./fetch.js";

/** The `openai` package as `import("openai")` returns it. */
export type OpenAISdk = typeof import("openai");

/**
 * The SDK refuses to start without a key, but local servers (Ollama, llama.cpp, vLLM,
 * LM Studio) need none. Keyless runs get this placeholder to pass the SDK's check, and
 * the `Authorization` header is removed, so that no made-up credential reaches a server.
 */
const KEYLESS_PLACEHOLDER = "kestrel-keyless";

/**
 * A client bound to one model and one run, for both OpenAI APIs:
 * - HTTP error bodies get OpenAI's error envelope (`wrapFetch`);
 * - the SDK's console logging is off (unless `OPENAI_LOG` is set): a console write would
 *   tear a terminal UI, and the stream reports every failure already;
 * - `OPENAI_ORG_ID` / `OPENAI_PROJECT_ID` are OpenAI's, never sent to another server.
 */
export function createOpenAIClient(sdk: OpenAISdk, model: Model, run: ProviderRun): OpenAI {
	const headers: Record<string, string | null> = { ...run.headers };
	const callerAuthorization = Object.keys(run.headers).some((name) => name.toLowerCase() === "authorization");
	if (run.apiKey === undefined && !callerAuthorization) headers.Authorization = null;
	const options: ClientOptions = {
		apiKey: run.apiKey ?? KEYLESS_PLACEHOLDER,
		baseURL: model.baseUrl,
		maxRetries: run.options.maxRetries ?? 0,
		defaultHeaders: headers,
		fetch: wrapFetch(globalThis.fetch),
	};
	if (!globalThis.process?.env?.OPENAI_LOG) options.logLevel = "off";
	if (model.provider !== "openai") {
		options.organization = null;
		options.project = null;
	}
	return new sdk.OpenAI(options);
}
