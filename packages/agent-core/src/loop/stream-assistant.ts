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

/** What `consume` has read of a response so far. */
interface Reading {
	/** The partial message's place in the transcript, once it has one. */
	index: number;
	partial: AssistantMessage | undefined;
	final: AssistantMessage | undefined;
}

/**
 * Reads the provider stream. Emits happen outside the `try` blocks so that a failing
 * sink is never mistaken for a failing stream.
 */
async function consume(run: LoopRun, stream: AssistantMessageEventStream): Promise<AssistantMessage> {
	const reading: Reading = { index: -1, partial: undefined, final: undefined };
	let failure: HookFailure | undefined;
	if (stream instanceof EventStream) await readPushed(run, stream, reading);
	else failure = await readIterated(run, stream, reading);
	let final = reading.final;
	if (!final && !failure) {
		try {
			final = await stream.result();
		} catch (thrown) {
			failure = new HookFailure("streamFn", thrown);
		}
	}
	if (!final)
		final = runEndingMessage(
			run,
			failure ?? new HookFailure("streamFn", "no final message"),
			reading.partial,
		);
	if (reading.index < 0) return settle(run, final);
	run.context.messages[reading.index] = final;
	run.newMessages.push(final);
	const pending = run.emit({ type: "message_end", message: final });
	if (pending) await pending;
	return final;
}

/**
 * One streamed event: the partial message enters the transcript (or replaces itself
 * there) and the message events go out. Returns what the sink asks to wait for, if
 * anything. Not called for the terminal event.
 */
function take(run: LoopRun, reading: Reading, event: StreamedEvent): Promise<void> | undefined {
	const partial = event.partial;
	reading.partial = partial;
	const messages = run.context.messages;
	let started: Promise<void> | undefined;
	if (reading.index < 0) {
		// Providers that skip `start` still get a `message_start`, from their first event.
		reading.index = messages.push(partial) - 1;
		started = run.emit({ type: "message_start", message: partial });
	} else if (messages[reading.index] !== partial) {
		messages[reading.index] = partial;
	}
	if (event.type === "start") return started;
	// The emitter delivers in call order: this waits for `message_start` if that is pending.
	return run.emit({ type: "message_update", message: partial, assistantMessageEvent: event });
}

/** The events between `start` and the terminal one. */
type StreamedEvent = Exclude<AssistantMessageEvent, { type: "done" } | { type: "error" }>;

/**
 * Kestrel's own streams hand each event over inside the provider's `push`
 * (`EventStream.deliverTo`): no promise and no microtask turn per event. While the sink
 * has something to wait for, the stream queues, and hands the queue over after.
 */
function readPushed(
	run: LoopRun,
	stream: EventStream<AssistantMessageEvent, AssistantMessage>,
	reading: Reading,
): Promise<void> {
	return new Promise((resolve, reject) => {
		let settled = false;
		const stop = () => {
			settled = true;
			stream.deliverTo(undefined);
		};
		const finish = () => {
			if (settled) return;
			stop();
			resolve();
		};
		const fail = (error: unknown) => {
			if (settled) return;
			stop();
			reject(error);
		};
		const deliver = (event: AssistantMessageEvent | undefined) => {
			if (settled) return;
			if (event === undefined) return finish();
			if (event.type === "done" || event.type === "error") {
				reading.final = event.message;
				return finish();
			}
			const pending = take(run, reading, event);
			if (!pending) return;
			stream.deliverTo(undefined);
			pending.then(() => {
				if (!settled) stream.deliverTo(deliver);
			}, fail);
		};
		stream.deliverTo(deliver);
	});
}

/** Any other async iterable of events. Returns the stream's failure, if it threw. */
async function readIterated(
	run: LoopRun,
	stream: AssistantMessageEventStream,
	reading: Reading,
): Promise<HookFailure | undefined> {
	let iterator: AsyncIterator<AssistantMessageEvent>;
	try {
		iterator = stream[Symbol.asyncIterator]();
	} catch (thrown) {
		return new HookFailure("streamFn", thrown);
	}
	while (true) {
		let next: IteratorResult<AssistantMessageEvent>;
		try {
			next = await iterator.next();
		} catch (thrown) {
			return new HookFailure("streamFn", thrown);
		}
		if (next.done) return undefined;
		const event = next.value;
		if (event.type === "done" || event.type === "error") {
			reading.final = event.message;
			closeQuietly(iterator);
			return undefined;
		}
		const pending = take(run, reading, event);
		if (pending) await pending;
	}
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
