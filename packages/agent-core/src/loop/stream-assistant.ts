import {
	type AssistantMessage,
	type AssistantMessageEvent,
	type AssistantMessageEventStream,
	type Context,
	EventStream,
	type Message,
	type StreamOptions,
} from "@kestrel/ai";
import { callHook, endingMessage, HookFailure, runEndingMessage } from "../run/failures.js";
import { addMessage, type LoopRun } from "../run/loop-run.js";

/**
 * One model call: `transformContext` → `convertToLlm` → `getApiKey` → `streamFn`, with
 * the partial message kept at the end of the context and message events emitted. Never
 * throws for a hook or stream failure: it returns an error (or aborted) message instead,
 * already emitted and in the transcript. Only a failing event sink propagates.
 */
export async function streamAssistant(run: LoopRun): Promise<AssistantMessage> {
	if (run.signal.aborted) return settle(run, endingMessage(run.model, { aborted: true }));
	let request: { context: Context; options: StreamOptions };
	try {
		request = await buildRequest(run);
	} catch (error) {
		if (!(error instanceof HookFailure)) throw error;
		return settle(run, runEndingMessage(run, error));
	}
	// The hooks may have taken long (compaction): check again before paying for a request.
	if (run.signal.aborted) return settle(run, endingMessage(run.model, { aborted: true }));
	let stream: AssistantMessageEventStream;
	try {
		const returned = run.streamFn(run.model, request.context, request.options);
		stream = returned instanceof Promise ? await returned : returned;
	} catch (thrown) {
		return settle(run, runEndingMessage(run, new HookFailure("streamFn", thrown)));
	}
	return consume(run, stream);
}

async function buildRequest(run: LoopRun): Promise<{ context: Context; options: StreamOptions }> {
	const { config, context, signal } = run;
	const transform = config.transformContext;
	const messages = transform
		? await callHook("transformContext", () => transform(context.messages, signal))
		: context.messages;
	const convert = config.convertToLlm;
	let llmMessages: Message[];
	if (convert) {
		llmMessages = await callHook("convertToLlm", () => convert(messages));
		// The partial assistant message is pushed onto the run's list while the provider may
		// still read the request: never hand that live array to the provider.
		if ((llmMessages as unknown) === context.messages) llmMessages = [...llmMessages];
	} else {
		llmMessages = run.providerMessages.messagesFor(messages);
	}
	const getApiKey = config.getApiKey;
	const resolvedKey = getApiKey
		? await callHook("getApiKey", () => getApiKey(run.model.provider))
		: undefined;

	const options: StreamOptions = { ...config.streamOptions, signal };
	if (resolvedKey) options.apiKey = resolvedKey;
	if (run.thinkingLevel !== undefined) options.reasoning = run.thinkingLevel;
	const request: Context = { messages: llmMessages };
	if (context.systemPrompt !== undefined) request.systemPrompt = context.systemPrompt;
	if (context.tools !== undefined) request.tools = context.tools;
	return { context: request, options };
}

/**
 * Reads the provider stream. Emits happen outside the `try` blocks so that a failing
 * sink is never mistaken for a failing stream.
 */
async function consume(run: LoopRun, stream: AssistantMessageEventStream): Promise<AssistantMessage> {
	const messages = run.context.messages;
	let index = -1;
	let partial: AssistantMessage | undefined;
	let final: AssistantMessage | undefined;
	let failure: HookFailure | undefined;
	let iterator: AsyncIterator<AssistantMessageEvent> | undefined;
	try {
		iterator = stream[Symbol.asyncIterator]();
	} catch (thrown) {
		failure = new HookFailure("streamFn", thrown);
	}
	// Kestrel's own streams hand over queued events without a promise each.
	const poll = stream instanceof EventStream ? () => stream.poll() : undefined;
	while (iterator && !failure) {
		const queued = poll?.();
		let event: AssistantMessageEvent;
		if (queued !== undefined) event = queued;
		else {
			let next: IteratorResult<AssistantMessageEvent>;
			try {
				next = await iterator.next();
			} catch (thrown) {
				failure = new HookFailure("streamFn", thrown);
				break;
			}
			if (next.done) break;
			event = next.value;
		}
		if (event.type === "done" || event.type === "error") {
			final = event.message;
			closeQuietly(iterator);
			break;
		}
		partial = event.partial;
		if (index < 0) {
			// Providers that skip `start` still get a `message_start`, from their first event.
			index = messages.push(partial) - 1;
			const pending = run.emit({ type: "message_start", message: partial });
			if (pending) await pending;
		} else {
			messages[index] = partial;
		}
		if (event.type !== "start") {
			const pending = run.emit({ type: "message_update", message: partial, assistantMessageEvent: event });
			if (pending) await pending;
		}
	}
	if (!final && !failure) {
		try {
			final = await stream.result();
		} catch (thrown) {
			failure = new HookFailure("streamFn", thrown);
		}
	}
	if (!final)
		final = runEndingMessage(run, failure ?? new HookFailure("streamFn", "no final message"), partial);
	if (index < 0) return settle(run, final);
	messages[index] = final;
	run.newMessages.push(final);
	const pending = run.emit({ type: "message_end", message: final });
	if (pending) await pending;
	return final;
}

/** A message that never streamed: it enters the transcript whole, with both events. */
async function settle(run: LoopRun, message: AssistantMessage): Promise<AssistantMessage> {
	const pending = addMessage(run, message);
	if (pending) await pending;
	return message;
}

/** Lets a generator-based stream run its cleanup; a failure there is not the run's. */
function closeQuietly(iterator: AsyncIterator<AssistantMessageEvent>): void {
	try {
		Promise.resolve(iterator.return?.()).catch(() => {});
	} catch {
		// A stream whose return() throws has nothing left to clean up for us.
	}
}
