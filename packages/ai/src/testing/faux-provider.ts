import { runProviderStream } from "../provider-run.js";
import type {
	Context,
	ErrorKind,
	Model,
	ProviderImplementation,
	StreamOptions,
	ThinkingLevel,
} from "../types.js";
import { splitText } from "./wire-server/script.js";

/** One content block of a scripted reply. */
export type FauxBlock =
	| { type: "text"; text: string }
	| { type: "thinking"; thinking: string; signature?: string }
	| { type: "toolCall"; name: string; arguments: Record<string, unknown> | string; id?: string };

/** A scripted reply: content, or a failure after some content. */
export interface FauxReply {
	content: FauxBlock[];
	/** Default: `toolUse` when the reply has tool calls, else `stop`. */
	stopReason?: "stop" | "length" | "toolUse";
	usage?: { input?: number; output?: number; cacheRead?: number; cacheWrite?: number };
	/** Fail after streaming `content`, with this kind and message. */
	error?: { kind: ErrorKind; message: string; retryAfterMs?: number };
}

/** A reply, or a function that builds one from the request (to echo, count, or branch). */
export type FauxResponse = FauxReply | ((request: FauxRequest) => FauxReply);

/** What the scripted provider received. */
export interface FauxRequest {
	model: Model;
	context: Context;
	options: StreamOptions;
}

export interface FauxProviderOptions {
	/** The API name to register under. Default `faux`. */
	api?: string;
	/** Characters per streamed delta. Default 4. */
	deltaSize?: number;
	/** Milliseconds between deltas (simulated token pacing). Default 0. */
	deltaDelayMs?: number;
	/**
	 * Keep a copy of every request in `requests`. Default true; turn it off for long
	 * runs (benchmarks) where the copies would cost O(transcript) per request.
	 */
	recordRequests?: boolean;
}

export interface FauxProvider {
	/** Register this with `registerProvider` or a `ProviderRegistry`. */
	readonly provider: ProviderImplementation;
	/** A model served by this provider; fields may be overridden. */
	model(overrides?: Partial<Model>): Model;
	/** Queues replies; each request takes the next one. */
	enqueue(...responses: FauxResponse[]): void;
	/** Every request received, in order (copies of the context's message list); empty when `recordRequests` is off. */
	readonly requests: FauxRequest[];
	/** Replies queued and not yet used. */
	readonly pending: number;
}

/** A text block for {@link FauxReply.content}. */
export const fauxText = (text: string): FauxBlock => ({ type: "text", text });
/** A thinking block for {@link FauxReply.content}. */
export const fauxThinking = (thinking: string, signature?: string): FauxBlock =>
	signature === undefined ? { type: "thinking", thinking } : { type: "thinking", thinking, signature };
/** A tool call for {@link FauxReply.content}; a string `arguments` is streamed verbatim. */
export const fauxToolCall = (name: string, args: Record<string, unknown> | string, id?: string): FauxBlock =>
	id === undefined
		? { type: "toolCall", name, arguments: args }
		: { type: "toolCall", name, arguments: args, id };

/**
 * A scripted provider for tests and examples: replies are queued in advance and streamed
 * through the same assembler, events and abort handling as the real providers, with no
 * network. An empty queue ends the request with an `error` event.
 */
export function createFauxProvider(options: FauxProviderOptions = {}): FauxProvider {
	const api = options.api ?? "faux";
	const deltaSize = options.deltaSize ?? 4;
	const delay = options.deltaDelayMs ?? 0;
	const queue: FauxResponse[] = [];
	const requests: FauxRequest[] = [];
	let callCounter = 0;

	const provider: ProviderImplementation = {
		api,
		stream: (model, context, streamOptions) =>
			runProviderStream(model, { ...streamOptions }, async (run) => {
				const record = options.recordRequests ?? true;
				const request: FauxRequest = {
					model,
					context: record ? { ...context, messages: [...context.messages] } : context,
					options: streamOptions,
				};
				if (record) requests.push(request);
				const next = queue.shift();
				if (!next) throw new Error("faux provider: no scripted reply left in the queue");
				const reply = typeof next === "function" ? next(request) : next;
				const { assembler, signal } = run;
				const pause = async () => {
					run.activity();
					if (delay > 0) await sleep(delay, signal);
					if (signal.aborted) throw new Error("aborted");
				};
				assembler.start();
				for (const [index, block] of reply.content.entries()) {
					if (block.type === "text") {
						assembler.beginText(index);
						for (const piece of splitText(block.text, deltaSize)) {
							await pause();
							assembler.appendText(index, piece);
						}
					} else if (block.type === "thinking") {
						assembler.beginThinking(index);
						for (const piece of splitText(block.thinking, deltaSize)) {
							await pause();
							assembler.appendThinking(index, piece);
						}
						if (block.signature !== undefined) assembler.appendThinkingSignature(index, block.signature);
					} else {
						callCounter += 1;
						assembler.beginToolCall(index, { id: block.id ?? `faux_call_${callCounter}`, name: block.name });
						const text =
							typeof block.arguments === "string" ? block.arguments : JSON.stringify(block.arguments);
						for (const piece of splitText(text, deltaSize * 4)) {
							await pause();
							assembler.appendToolArguments(index, piece);
						}
					}
					await pause();
					assembler.endBlock(index);
				}
				assembler.setUsage({ input: 0, output: 0, cacheRead: 0, cacheWrite: 0, ...reply.usage });
				if (reply.error) {
					const { kind, message, retryAfterMs } = reply.error;
					assembler.fail(message, retryAfterMs === undefined ? { kind } : { kind, retryAfterMs });
					return;
				}
				const hasToolCalls = reply.content.some((block) => block.type === "toolCall");
				assembler.setStopReason(reply.stopReason ?? (hasToolCalls ? "toolUse" : "stop"));
				assembler.finish();
			}),
	};

	return {
		provider,
		requests,
		get pending() {
			return queue.length;
		},
		enqueue: (...responses) => {
			queue.push(...responses);
		},
		model: (overrides = {}) => ({
			id: "faux-model",
			name: "Faux model",
			api,
			provider: "faux",
			baseUrl: "faux://local",
			reasoning: true,
			thinkingLevels: ["off", "minimal", "low", "medium", "high"] satisfies ThinkingLevel[],
			input: ["text", "image"],
			cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
			contextWindow: 200_000,
			maxTokens: 16_000,
			...overrides,
		}),
	};
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
	return new Promise((resolve) => {
		const timer = setTimeout(done, ms);
		function done() {
			clearTimeout(timer);
			signal.removeEventListener("abort", done);
			resolve();
		}
		signal.addEventListener("abort", done, { once: true });
	});
}
