import assert from "node:assert/strict";
import { isDeepStrictEqual } from "node:util";
import type {
	AssistantContent,
	AssistantMessage,
	AssistantMessageEvent,
	AssistantMessageEventStream,
	Context,
	Model,
	StreamOptions,
} from "../../types.js";
import { argumentText, type ScriptBlock } from "../wire-server/script.js";
import { type ScriptedResponse, startWireServer, type WireServer } from "../wire-server/server.js";
import type { ConformanceTarget } from "./target.js";

/** What one request produced: every event, `result()`, and the model it went to. */
export interface Played {
	events: AssistantMessageEvent[];
	message: AssistantMessage;
	model: Model;
}

export interface PlayOptions {
	/** Merged over the target's options and `maxRetries: 0`. */
	options?: StreamOptions;
	/** Called with each event as it arrives, before the next is read. */
	onEvent?(event: AssistantMessageEvent): void;
	/** Default: the target's model for the server. */
	model?: Model;
}

const CONTEXT: Context = { messages: [{ role: "user", content: "Hello", timestamp: 1 }] };

/** Runs `body` with a fresh wire server, closed afterwards whatever happens. */
export async function withServer<T>(body: (server: WireServer) => Promise<T>): Promise<T> {
	const server = await startWireServer();
	try {
		return await body(server);
	} finally {
		await server.close();
	}
}

/**
 * Sends one request through the target's provider to `serverUrl`, reads the stream to its
 * end and checks the stream contract on the way: the call returns a stream and never
 * throws, the stream never rejects, and its events keep the protocol
 * ({@link assertEventProtocol}).
 */
export async function play(
	target: ConformanceTarget,
	serverUrl: string,
	playOptions: PlayOptions = {},
): Promise<Played> {
	const model = playOptions.model ?? target.model(serverUrl);
	const options: StreamOptions = { maxRetries: 0, ...target.options, ...playOptions.options };
	let stream: AssistantMessageEventStream;
	try {
		stream =
			typeof target.provider === "function"
				? target.provider(model, CONTEXT, options)
				: target.provider.stream(model, CONTEXT, options);
	} catch (thrown) {
		assert.fail(`stream() threw instead of returning a stream that ends with an error: ${String(thrown)}`);
	}
	const events: AssistantMessageEvent[] = [];
	try {
		for await (const event of stream) {
			events.push(event);
			playOptions.onEvent?.(event);
		}
	} catch (thrown) {
		if (thrown instanceof assert.AssertionError) throw thrown;
		assert.fail(`the stream rejected instead of ending with an error event: ${String(thrown)}`);
	}
	const message = await stream.result();
	assertEventProtocol(events, message);
	return { events, message, model };
}

/** Plays `responses` on one server in concurrent batches and returns the final messages in order. */
export async function playAll(
	target: ConformanceTarget,
	server: WireServer,
	responses: ScriptedResponse[],
	batch = 64,
): Promise<AssistantMessage[]> {
	const messages: AssistantMessage[] = [];
	for (let start = 0; start < responses.length; start += batch) {
		const slice = responses.slice(start, start + batch);
		server.enqueue(...slice);
		const played = await Promise.all(slice.map(() => play(target, server.url)));
		messages.push(...played.map(({ message }) => message));
	}
	return messages;
}

const BLOCK_KEYS: Record<AssistantContent["type"], readonly string[]> = {
	text: ["type", "text", "textSignature"],
	thinking: ["type", "thinking", "thinkingSignature", "redacted"],
	toolCall: ["type", "id", "name", "arguments", "argumentsError", "thoughtSignature"],
};

const EVENT_KIND: Record<string, AssistantContent["type"]> = {
	text: "text",
	thinking: "thinking",
	toolcall: "toolCall",
};

/**
 * The event protocol every stream keeps: `start` first; each block's `*_start` (blocks
 * numbered 0, 1, 2… in the order they start), its deltas and its `*_end`; exactly one
 * terminal event, last, whose message is what `result()` gives; text and thinking equal
 * to their deltas; `*_end` equal to the final block; a `done` only when every block
 * ended; an `error` (or `aborted`) only with a classification and a message; no scratch
 * fields in the final blocks.
 */
export function assertEventProtocol(events: AssistantMessageEvent[], message: AssistantMessage): void {
	const trace = () => events.map((event) => event.type).join(", ");
	assert.equal(events[0]?.type, "start", `the first event must be start; got: ${trace()}`);
	const terminal = events.filter((event) => event.type === "done" || event.type === "error");
	assert.equal(terminal.length, 1, `expected exactly one terminal event; got: ${trace()}`);
	const last = events.at(-1);
	assert.ok(last?.type === "done" || last?.type === "error", `the terminal event must be last: ${trace()}`);
	assert.deepEqual(last.message, message, "result() must settle with the terminal event's message");
	assert.equal(last.reason, message.stopReason, "the terminal event's reason must be the stopReason");
	if (last.type === "done") {
		assert.equal(message.error, undefined, "a message that ends with done has no error");
		assert.equal(message.errorMessage, undefined, "a message that ends with done has no errorMessage");
	} else {
		assert.ok(message.error, `a message that ends with ${message.stopReason} must carry error`);
		assert.ok(message.errorMessage, `a message that ends with ${message.stopReason} must carry errorMessage`);
		if (message.stopReason === "aborted") assert.equal(message.error.kind, "aborted");
	}

	const kinds: AssistantContent["type"][] = [];
	const ended = new Set<number>();
	const streamed = new Map<number, string>();
	for (const event of events.slice(1, -1)) {
		assert.notEqual(event.type, "start", `start must come once; got: ${trace()}`);
		if (!("contentIndex" in event)) continue;
		const [prefix = "", phase] = event.type.split("_");
		const kind = EVENT_KIND[prefix];
		const index = event.contentIndex;
		if (phase === "start") {
			assert.equal(
				index,
				kinds.length,
				`${event.type} opened block ${index}; the next block is ${kinds.length}`,
			);
			if (kind) kinds.push(kind);
			continue;
		}
		assert.equal(
			kinds[index],
			kind,
			`${event.type} for block ${index}, which is ${kinds[index] ?? "not started"}`,
		);
		assert.ok(!ended.has(index), `${event.type} for block ${index} after its end`);
		if (event.type === "text_delta" || event.type === "thinking_delta") {
			streamed.set(index, (streamed.get(index) ?? "") + event.delta);
		}
		if (phase !== "end") continue;
		ended.add(index);
		const block = message.content[index];
		if (event.type === "toolcall_end") {
			assert.deepEqual(event.toolCall, block, `toolcall_end of block ${index} must equal the final call`);
		} else if (event.type === "text_end" || event.type === "thinking_end") {
			const text =
				block?.type === "text" ? block.text : block?.type === "thinking" ? block.thinking : undefined;
			assert.equal(event.content, text, `${event.type} of block ${index} must equal the final block`);
		}
	}

	assert.deepEqual(
		message.content.map((block) => block.type),
		kinds,
		"the final content must be the blocks that started, in order",
	);
	message.content.forEach((block, index) => {
		const extra = Object.keys(block).filter((key) => !BLOCK_KEYS[block.type].includes(key));
		assert.deepEqual(extra, [], `block ${index} (${block.type}) has fields that are not part of the type`);
		if (block.type === "text")
			assert.equal(block.text, streamed.get(index) ?? "", `text ${index} ≠ its deltas`);
		if (block.type === "thinking") {
			assert.equal(block.thinking, streamed.get(index) ?? "", `thinking ${index} ≠ its deltas`);
		}
	});
	if (last.type === "done") {
		assert.equal(ended.size, kinds.length, `a done stream must end every block it started: ${trace()}`);
	}
}

/** Content without provider tags (text and thought signatures), for comparing across APIs. */
export function neutralContent(content: AssistantContent[]): unknown[] {
	return content.map((block) => {
		if (block.type === "text") return { type: "text", text: block.text };
		if (block.type === "thinking") return { type: "thinking", thinking: block.thinking };
		return { type: "toolCall", id: block.id, name: block.name, arguments: block.arguments };
	});
}

/** The neutral content a script's blocks must become. */
export function expectedContent(target: ConformanceTarget, blocks: ScriptBlock[]): unknown[] {
	return blocks.flatMap((block): unknown[] => {
		if (block.type === "text") return [{ type: "text", text: block.text }];
		if (block.type === "thinking") return [{ type: "thinking", thinking: block.thinking }];
		if (block.type === "redacted_thinking") return [];
		const text = argumentText(block);
		return [
			{
				type: "toolCall",
				id: target.toolCallId?.(block.id) ?? block.id,
				name: block.name,
				arguments: text ? JSON.parse(text) : {},
			},
		];
	});
}

/**
 * Asserts that two runs built the same message (the wall-clock timestamp aside), naming
 * the first place where they differ instead of printing two 64 KB messages.
 */
export function assertSameMessage(actual: AssistantMessage, expected: AssistantMessage, run: string): void {
	const { timestamp: _actualTime, ...left } = actual;
	const { timestamp: _expectedTime, ...right } = expected;
	if (isDeepStrictEqual(left, right)) return;
	assert.fail(`${run}: the message differs from the reference at ${firstDifference(left, right, "message")}`);
}

function firstDifference(actual: unknown, expected: unknown, path: string): string {
	if (typeof actual === "string" && typeof expected === "string") {
		let at = 0;
		while (actual[at] === expected[at]) at++;
		const around = (text: string) => JSON.stringify(text.slice(Math.max(0, at - 20), at + 20));
		return `${path}[${at}]: expected …${around(expected)}…, got …${around(actual)}…`;
	}
	const objects = typeof actual === "object" && typeof expected === "object" && actual && expected;
	if (!objects || Array.isArray(actual) !== Array.isArray(expected)) {
		const show = (value: unknown) => JSON.stringify(value)?.slice(0, 200);
		return `${path}: expected ${show(expected)}, got ${show(actual)}`;
	}
	const left = actual as Record<string, unknown>;
	const right = expected as Record<string, unknown>;
	for (const key of new Set([...Object.keys(right), ...Object.keys(left)])) {
		if (!isDeepStrictEqual(left[key], right[key]))
			return firstDifference(left[key], right[key], `${path}.${key}`);
	}
	return path;
}

/** A promise and the function that settles it, for pauses the test releases. */
export function gate(): { until: Promise<void>; release(): void } {
	let release!: () => void;
	const until = new Promise<void>((resolve) => {
		release = resolve;
	});
	return { until, release };
}
