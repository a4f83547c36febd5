type Fetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/**
 * Wraps `fetch` so that HTTP error bodies get OpenAI's `{"error":{…}}` envelope when they
 * lack it (see {@link envelopeErrorBody}), and the message reaches classification.
 */
export function wrapFetch(fetchImpl: Fetch): Fetch {
	return async (input, init) => {
		const response = await fetchImpl(input, init);
		if (response.ok) return response;
		const meta = { status: response.status, statusText: response.statusText, headers: response.headers };
		return new Response(envelopeErrorBody(await response.text()), meta);
	};
}

/**
 * The body with a flat error object moved under `error`; anything else unchanged.
 * vLLM before 0.10.1 (`{"object":"error","message":…}`), LightLLM (`{"message":…}`),
 * FastAPI servers (`{"detail":…}`) and Ollama (`{"error":"…"}`) send such bodies; the SDK
 * reads only `error.message` and would drop the overflow wording classification needs.
 */
export function envelopeErrorBody(text: string): string {
	let parsed: unknown;
	try {
		parsed = JSON.parse(text);
	} catch {
		return text;
	}
	if (!isRecord(parsed) || isRecord(parsed.error)) return text;
	const message = [parsed.message, parsed.detail, parsed.error].find((value) => typeof value === "string");
	if (message === undefined) return text;
	const { error: _error, detail: _detail, ...rest } = parsed;
	return JSON.stringify({ error: { ...rest, message } });
}

function isRecord(value: unknown): value is Record<string, unknown> {
	return typeof value === "object" && value !== null && !Array.isArray(value);
}
