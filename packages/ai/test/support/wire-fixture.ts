import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import {
	type ScriptedResponse,
	startWireServer,
	type WireServer,
} from "../../src/testing/wire-server/server.js";
import type {
	AssistantMessage,
	AssistantMessageEvent,
	AssistantMessageEventStream,
	Context,
} from "../../src/types.js";

/**
 * A wire server for the calling test file, closed afterwards: a fresh one per test (`"test"`)
 * or one shared by the whole file (`"file"`).
 */
export function useWireServer(scope: "test" | "file" = "test"): { readonly current: WireServer } {
	let server: WireServer | undefined;
	const [before, after] = scope === "test" ? [beforeEach, afterEach] : [beforeAll, afterAll];
	before(async () => {
		server = await startWireServer();
	});
	after(async () => {
		await server?.close();
	});
	return {
		get current(): WireServer {
			if (!server) throw new Error("the wire server is not started yet");
			return server;
		},
	};
}

export interface Collected {
	events: AssistantMessageEvent[];
	message: AssistantMessage;
}

/** Streams to the end and returns every event plus `result()`. */
export async function collectStream(
	stream: AssistantMessageEventStream,
	onEvent?: (event: AssistantMessageEvent) => void,
): Promise<Collected> {
	const events: AssistantMessageEvent[] = [];
	for await (const event of stream) {
		events.push(event);
		onEvent?.(event);
	}
	return { events, message: await stream.result() };
}

/** A context with one user message. */
export function userContext(text = "Hello", extra: Partial<Context> = {}): Context {
	return { messages: [{ role: "user", content: text, timestamp: 1 }], ...extra };
}

/** The message without its wall-clock timestamp, for deep comparisons. */
export function withoutTimestamp(message: AssistantMessage): Omit<AssistantMessage, "timestamp"> {
	const { timestamp: _timestamp, ...rest } = message;
	return rest;
}

/** The request body the server received for request `index` (default: the last one). */
export function requestBody(server: WireServer, index = server.requests.length - 1): Record<string, unknown> {
	const request = server.requests[index];
	if (!request) throw new Error(`no request ${index}`);
	return request.body as Record<string, unknown>;
}

/** Serves `responses` in concurrent batches, one `request` each, and returns the final messages in order. */
export async function finalMessages(
	server: WireServer,
	responses: ScriptedResponse[],
	request: () => Promise<Collected>,
	batch = 64,
): Promise<AssistantMessage[]> {
	const messages: AssistantMessage[] = [];
	for (let start = 0; start < responses.length; start += batch) {
		const slice = responses.slice(start, start + batch);
		server.enqueue(...slice);
		const results = await Promise.all(slice.map(() => request()));
		messages.push(...results.map((result) => result.message));
	}
	return messages;
}
