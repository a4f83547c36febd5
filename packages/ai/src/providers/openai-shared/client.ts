import type { ClientOptions, OpenAI } from "openai";
import type { ProviderRun } from "../../provider-run.js";
import type { Model } from "../../types.js";
import { wrapFetch } from "./fetch.js";

/** The `openai` package as `import("openai")` returns it (see `OpenAISdk` for the public type). */
export type OpenAISdkExports = typeof import("openai");

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
 * - `OPENAI_ORG_ID` / `OPENAI_PROJECT_ID` and the headers of `OPENAI_CUSTOM_HEADERS` (read
 *   by `openai` 7) are OpenAI's, never sent to another server; the model's and the
 *   caller's headers still are.
 */
export function createOpenAIClient(sdk: OpenAISdkExports, model: Model, run: ProviderRun): OpenAI {
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
		const own = new Set(Object.keys(run.headers).map((name) => name.toLowerCase()));
		for (const name of environmentHeaderNames()) {
			if (own.has(name.toLowerCase())) continue;
			// The SDK sends these after its own auth header: an `Authorization` line would replace the key.
			const isAuth = name.toLowerCase() === "authorization" && run.apiKey !== undefined;
			headers[name] = isAuth ? `Bearer ${run.apiKey}` : null;
		}
	}
	return new sdk.OpenAI(options);
}

/** The header names of `OPENAI_CUSTOM_HEADERS`, `Name: value` lines, read as the SDK reads them. */
function environmentHeaderNames(): string[] {
	const lines = globalThis.process?.env?.OPENAI_CUSTOM_HEADERS?.split("\n") ?? [];
	return lines.flatMap((line) => {
		const name = line.slice(0, line.indexOf(":")).trim();
		return line.includes(":") && name ? [name] : [];
	});
}
