import type { RawMessageStreamEvent } from "@anthropic-ai/sdk/resources/messages";
import type { ErrorType } from "@anthropic-ai/sdk/resources/shared";
import type { MessageAssembler } from "../../assembler.js";
import { DEFAULT_FIRST_BYTE_TIMEOUT_MS, type ProviderRun } from "../../provider-run.js";
import type { Context, Model } from "../../types.js";
import { buildRequest } from "./convert.js";
import { isRefusal, mapStopReason, mapUsage } from "./map.js";

/** What the provider uses of `@anthropic-ai/sdk`, loaded lazily (see `index.ts`). */
export interface AnthropicSdkExports {
	Anthropic: typeof import("@anthropic-ai/sdk").Anthropic;
	APIError: typeof import("@anthropic-ai/sdk").APIError;
	Stream: typeof import("@anthropic-ai/sdk/streaming").Stream;
}

/** The most a timer can wait in Node; longer values fire at once. */
const MAX_TIMER_MS = 2_147_483_647;

/**
 * Sends one streaming request and drives the assembler from its events. The SDK sends
 * the request (auth, headers, HTTP errors as `APIError`); the SSE frames are read raw so
 * that `ping` frames, which the SDK's event iterator drops, still count as activity:
 * a model that thinks without showing its thinking sends nothing else for a long time.
 */
export async function streamMessages(
	sdk: AnthropicSdkExports,
	model: Model,
	context: Context,
	run: ProviderRun,
) {
	const body = await run.preparePayload(buildRequest(model, context, run.options));
	const client = createClient(sdk, model, run);
	const response = await client.messages.create(body, { signal: run.signal }).asResponse();
	const mapper = new WireEventMapper(run.assembler);
	for await (const sse of sdk.Stream.rawEvents(response)) {
		run.activity();
		// Like the SDK: frames without an event name, and pings, carry nothing to map.
		if (sse.event === null || sse.event === "ping") continue;
		if (sse.event === "error") throw errorFromFrame(sdk, sse.data, response.headers);
		if (!sse.data) continue;
		// A malformed frame throws a SyntaxError here, classified as a broken stream.
		mapper.handle(JSON.parse(sse.data) as RawMessageStreamEvent);
		// Proxies may hold the connection open after message_stop; nothing more is needed.
		if (run.assembler.finished) return;
	}
}

/** The SDK's own reading of an `error` frame: an `APIError` without status, body attached. */
function errorFromFrame(sdk: AnthropicSdkExports, data: string, headers: Headers): Error {
	let body: unknown = data;
	try {
		body = JSON.parse(data);
	} catch {
		// Not JSON: the raw text is the body, as the SDK does it.
	}
	const type = (body as { error?: { type?: unknown } } | null)?.error?.type;
	return new sdk.APIError(
		undefined,
		body as object,
		undefined,
		headers,
		typeof type === "string" ? (type as ErrorType) : null,
	);
}

/**
 * The request is bound to the model and this run only: an explicit key or none, never
 * one the SDK finds on its own. With no key the SDK would read `ANTHROPIC_API_KEY` and
 * local credential profiles and send them to whatever `baseUrl` the model names.
 */
function createClient(sdk: AnthropicSdkExports, model: Model, run: ProviderRun) {
	class KestrelAnthropic extends sdk.Anthropic {
		protected override _shouldResolveDefaultCredentials(): boolean {
			return false;
		}
	}
	const headers: Record<string, string | null> = { ...run.headers };
	const hasAuthHeader = Object.keys(headers).some((name) => /^(authorization|x-api-key)$/i.test(name));
	// A keyless server: tell the SDK that sending no credentials is intended.
	if (!run.apiKey && !hasAuthHeader) headers.Authorization = null;
	const firstByteMs = run.options.firstByteTimeoutMs ?? DEFAULT_FIRST_BYTE_TIMEOUT_MS;
	return new KestrelAnthropic({
		apiKey: run.apiKey ?? null,
		authToken: null,
		baseURL: model.baseUrl,
		maxRetries: run.options.maxRetries ?? 0,
		// Our watchdog owns the timeouts; the SDK's own timer must never fire first.
		timeout: firstByteMs > 0 ? Math.min(MAX_TIMER_MS, firstByteMs + 5_000) : MAX_TIMER_MS,
		defaultHeaders: headers,
	});
}

/** Translates Messages API stream events into assembler calls; block keys are wire indexes. */
class WireEventMapper {
	private messageId: string | undefined;
	private rawStop: string | undefined;
	private refusalExplanation: string | undefined;

	constructor(private readonly assembler: MessageAssembler) {}

	handle(event: RawMessageStreamEvent): void {
		const assembler = this.assembler;
		switch (event.type) {
			case "message_start":
				if (this.messageId !== undefined) {
					// A repeat of the same start before any content is harmless (some proxies
					// send one). Another message, or one after content, means two generations
					// were spliced into one body: nothing after this point can be trusted.
					if (event.message.id === this.messageId && assembler.message.content.length === 0) return;
					assembler.fail("The stream began a second message before the first one ended.", {
						kind: "network",
					});
					return;
				}
				this.messageId = event.message.id;
				assembler.setResponseId(event.message.id);
				assembler.setUsage(mapUsage(event.message.usage));
				return;
			case "content_block_start":
				this.startBlock(event.index, event.content_block);
				return;
			case "content_block_delta":
				this.applyDelta(event.index, event.delta);
				return;
			case "content_block_stop":
				assembler.endBlock(event.index);
				return;
			case "message_delta":
				if (event.delta?.stop_reason) {
					this.rawStop = event.delta.stop_reason;
					assembler.setStopReason(mapStopReason(this.rawStop), this.rawStop);
				}
				this.refusalExplanation = event.delta?.stop_details?.explanation ?? this.refusalExplanation;
				assembler.setUsage(mapUsage(event.usage));
				return;
			case "message_stop":
				this.stop();
				return;
		}
	}

	private startBlock(
		index: number,
		block: Extract<RawMessageStreamEvent, { type: "content_block_start" }>["content_block"],
	) {
		const assembler = this.assembler;
		switch (block.type) {
			case "text":
				assembler.beginText(index);
				if (block.text) assembler.appendText(index, block.text);
				return;
			case "thinking":
				assembler.beginThinking(index, block.signature ? { signature: block.signature } : {});
				if (block.thinking) assembler.appendThinking(index, block.thinking);
				return;
			case "redacted_thinking":
				assembler.beginThinking(index, { redacted: true, signature: block.data });
				return;
			case "tool_use": {
				assembler.beginToolCall(index, { id: block.id, name: block.name });
				// Some proxies send the whole input here instead of as deltas.
				const input = block.input as Record<string, unknown> | null | undefined;
				if (input && typeof input === "object" && Object.keys(input).length)
					assembler.setToolArguments(index, input);
				return;
			}
			// Server-tool blocks (web search and the like) are not requested; they are ignored.
		}
	}

	private applyDelta(
		index: number,
		delta: Extract<RawMessageStreamEvent, { type: "content_block_delta" }>["delta"],
	) {
		const assembler = this.assembler;
		const kind = assembler.openKind(index);
		switch (delta.type) {
			case "text_delta":
				if (kind === "text") assembler.appendText(index, delta.text);
				return;
			case "thinking_delta":
				if (kind === "thinking") assembler.appendThinking(index, delta.thinking);
				return;
			case "signature_delta":
				if (kind === "thinking") assembler.appendThinkingSignature(index, delta.signature);
				return;
			case "input_json_delta":
				if (kind === "toolCall") assembler.appendToolArguments(index, delta.partial_json);
				return;
		}
	}

	private stop(): void {
		if (!isRefusal(this.rawStop)) {
			this.assembler.finish();
			return;
		}
		const reason = this.refusalExplanation ? `: ${this.refusalExplanation}` : ".";
		this.assembler.fail(`The model declined to continue (stop reason refusal)${reason}`, {
			kind: "invalid_request",
			code: "refusal",
		});
	}
}
