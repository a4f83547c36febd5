import assert from "node:assert/strict";
import type { AssistantMessage, AssistantMessageEvent, ErrorKind, StreamOptions } from "../../types.js";
import type { ScriptBlock } from "../wire-server/script.js";
import type { ScriptedResponse, WireServer } from "../wire-server/server.js";
import { bodyBytes, EncodedBody } from "./frames.js";
import { expectedContent, gate, neutralContent, type Played, play, withServer } from "./play.js";
import type { ConformanceCase, ConformanceTarget } from "./target.js";

/** A long answer in 7-character deltas; the first delta is {@link FIRST_DELTA}. */
const LONG_TEXT = "Quokkas are small marsupials, about the size of a domestic cat, and they smile.";
const FIRST_DELTA = LONG_TEXT.slice(0, 7);

/** Small enough to keep the cases short, large enough for a loaded machine's scheduler. */
const TIMEOUT_MS = 200;

const HTTP_ERRORS: {
	status: 400 | 401 | 429 | 500 | 503;
	kind: ErrorKind;
	message: string;
	retryAfterSeconds?: number;
}[] = [
	{ status: 400, kind: "invalid_request", message: "The request is not valid: tools[0].name is empty." },
	{ status: 401, kind: "auth", message: "The API key is not valid." },
	{ status: 429, kind: "rate_limit", message: "Too many requests; wait a moment.", retryAfterSeconds: 11 },
	{ status: 500, kind: "unknown", message: "The server had an internal error." },
	{ status: 503, kind: "overloaded", message: "The service is busy; try again later." },
];

/** HTTP errors, errors inside the stream, malformed and cut-off bodies, aborts, stalls and dropped connections. */
export function failureCases(target: ConformanceTarget): ConformanceCase[] {
	const cases: ConformanceCase[] = [];
	const add = (name: string, run: () => Promise<void>, timeoutMs = 30_000) => {
		cases.push({ name, run, timeoutMs });
	};
	/** The long answer, and the end of the frame that carries its first delta. */
	const longAnswer = () => {
		const body = new EncodedBody(
			target,
			target.encode({ blocks: [{ type: "text", text: LONG_TEXT, deltaSize: 7 }] }),
		);
		return { body, cut: body.endOfFrameWith(FIRST_DELTA) };
	};
	const firstDeltaOnly = [{ type: "text", text: FIRST_DELTA }];
	const assertFailed = (message: AssistantMessage, kind: ErrorKind, content: unknown[]) => {
		assert.equal(message.stopReason, kind === "aborted" ? "aborted" : "error");
		assert.equal(
			message.error?.kind,
			kind,
			`expected kind ${kind}; the message said: ${message.errorMessage}`,
		);
		assert.deepEqual(neutralContent(message.content), content);
	};

	for (const { status, kind, message: text, retryAfterSeconds } of HTTP_ERRORS) {
		const retry = retryAfterSeconds === undefined ? "" : ` with retryAfterMs from retry-after`;
		const type = target.httpErrorTypes?.[status];
		const code = type === undefined ? "" : `, ${type} kept as code`;
		add(`HTTP ${status} → ${kind}${retry}${code}, the server's message kept`, async () => {
			const headers =
				retryAfterSeconds === undefined ? undefined : { "retry-after": String(retryAfterSeconds) };
			const { events, message } = await withServer(async (server) => {
				const error = type === undefined ? { message: text } : { type, message: text };
				server.enqueue(target.errorResponse(status, error, headers));
				return play(target, server.url);
			});
			assert.deepEqual(
				events.map((event) => event.type),
				["start", "error"],
			);
			assertFailed(message, kind, []);
			assert.equal(message.error?.status, status);
			assert.ok(
				message.errorMessage?.includes(text),
				`errorMessage must keep "${text}": ${message.errorMessage}`,
			);
			if (retryAfterSeconds !== undefined)
				assert.equal(message.error?.retryAfterMs, retryAfterSeconds * 1000);
			if (type !== undefined) assert.equal(message.error?.code, type);
		});
	}

	add(
		`stream error: an error event mid-stream → ${target.streamError.kind}, its type as code, the text kept`,
		async () => {
			const { type, kind } = target.streamError;
			const text = "The stream failed part of the way through.";
			const blocks: ScriptBlock[] = [{ type: "text", text: "The first part of the answer", deltaSize: 6 }];
			const { message } = await withServer(async (server) => {
				server.enqueue(target.encode({ blocks, error: { type, message: text } }));
				return play(target, server.url);
			});
			assertFailed(message, kind, expectedContent(target, blocks));
			assert.equal(message.error?.code, type);
			assert.ok(
				message.errorMessage?.includes(text),
				`errorMessage must keep "${text}": ${message.errorMessage}`,
			);
		},
	);

	add("stream error: the thinking and a complete tool call before the error are kept", async () => {
		const { type, kind } = target.streamError;
		const blocks: ScriptBlock[] = [
			...(target.features.thinking === "none" ? [] : [{ type: "thinking" as const, thinking: "plan" }]),
			{ type: "toolCall", id: "call_write_07", name: "write", arguments: { path: "a.txt", content: "abc" } },
		];
		const { message } = await withServer(async (server) => {
			server.enqueue(target.encode({ blocks, error: { type, message: "Failed after the call." } }));
			return play(target, server.url);
		});
		assertFailed(message, kind, expectedContent(target, blocks));
	});

	add("malformed frame → network, the text before it kept", async () => {
		const { body, cut } = longAnswer();
		const malformed = bodyBytes(target.malformedFrame);
		const bytes = new Uint8Array([...body.bytes.subarray(0, cut), ...malformed, ...body.bytes.subarray(cut)]);
		// Some SDKs log the frame they cannot parse; the failure must come through the stream.
		const { message } = await quietly(() =>
			withServer(async (server) => {
				server.enqueue(body.withBody(bytes));
				return play(target, server.url);
			}),
		);
		assertFailed(message, "network", firstDeltaOnly);
	});

	add(
		"cut-off body: a body that ends cleanly between two frames, before the end → network, the text kept",
		async () => {
			const { body, cut } = longAnswer();
			const { message } = await withServer(async (server) => {
				server.enqueue(body.withBody(body.bytes.subarray(0, cut)));
				return play(target, server.url);
			});
			assertFailed(message, "network", firstDeltaOnly);
		},
	);

	add("cut-off body: a body that ends cleanly inside a frame → network, the text kept", async () => {
		const { body, cut } = longAnswer();
		const { message } = await withServer(async (server) => {
			server.enqueue(body.withBody(body.bytes.subarray(0, body.insideFrameAfter(cut))));
			return play(target, server.url);
		});
		assertFailed(message, "network", firstDeltaOnly);
	});

	add("abort: a signal aborted before the call → aborted, and no request is sent", async () => {
		await withServer(async (server) => {
			server.enqueue(longAnswer().body.response);
			const { message } = await play(target, server.url, { options: { signal: AbortSignal.abort() } });
			assertFailed(message, "aborted", []);
			assert.equal(server.requests.length, 0, "an aborted call must not send a request");
		});
	});

	add("abort: while the response headers are awaited → aborted", async () => {
		const headers = gate();
		const controller = new AbortController();
		const { message } = await withServer(async (server) => {
			server.enqueue({ ...longAnswer().body.response, headersUntil: headers.until });
			try {
				return await whenRequested(
					server,
					play(target, server.url, { options: { signal: controller.signal } }),
					() => controller.abort(),
				);
			} finally {
				headers.release();
			}
		});
		assertFailed(message, "aborted", []);
	});

	add("abort: mid-stream → aborted, the partial text kept", async () => {
		const { body, cut } = longAnswer();
		const rest = gate();
		const controller = new AbortController();
		const { message } = await withServer(async (server) => {
			server.enqueue({ ...body.response, pause: { afterBytes: cut, until: rest.until } });
			try {
				return await play(target, server.url, {
					options: { signal: controller.signal },
					onEvent: onFirstTextDelta(() => controller.abort()),
				});
			} finally {
				rest.release();
			}
		});
		assertFailed(message, "aborted", firstDeltaOnly);
	});

	add("timeout: no response headers within firstByteTimeoutMs → timeout", async () => {
		const headers = gate();
		const { message } = await withServer(async (server) => {
			server.enqueue({ ...longAnswer().body.response, headersUntil: headers.until });
			try {
				return await play(target, server.url, { options: { firstByteTimeoutMs: TIMEOUT_MS } });
			} finally {
				headers.release();
			}
		});
		assertFailed(message, "timeout", []);
	});

	add("timeout: headers but no body within firstByteTimeoutMs → timeout", async () => {
		const { message } = await stalled({ stallAfterBytes: 0 }, { firstByteTimeoutMs: TIMEOUT_MS });
		assertFailed(message, "timeout", []);
	});

	add("timeout: a stall mid-stream longer than idleTimeoutMs → timeout, the partial text kept", async () => {
		const { cut } = longAnswer();
		const { message } = await stalled({ stallAfterBytes: cut }, { idleTimeoutMs: TIMEOUT_MS });
		assertFailed(message, "timeout", firstDeltaOnly);
	});

	add("network: a connection dropped mid-stream → network, the partial text kept", async () => {
		const { body, cut } = longAnswer();
		const rest = gate();
		const { message } = await withServer(async (server) => {
			// The drop comes once the client has read the first delta, a few bytes into the next frame.
			server.enqueue({
				...body.response,
				pause: { afterBytes: cut, until: rest.until },
				stallAfterBytes: body.insideFrameAfter(cut),
				dropAfterStall: true,
			});
			try {
				return await play(target, server.url, { onEvent: onFirstTextDelta(() => rest.release()) });
			} finally {
				rest.release();
			}
		});
		assertFailed(message, "network", firstDeltaOnly);
	});

	add("network: an unreachable server → network", async () => {
		const { message } = await play(target, "http://127.0.0.1:1");
		assertFailed(message, "network", []);
	});

	/** Plays the long answer with `response` fields over it and `options` for the request. */
	function stalled(response: Partial<ScriptedResponse>, options: StreamOptions): Promise<Played> {
		return withServer(async (server) => {
			server.enqueue({ ...longAnswer().body.response, ...response });
			return play(target, server.url, { options });
		});
	}

	return cases;
}

function onFirstTextDelta(action: () => void): (event: AssistantMessageEvent) => void {
	let seen = false;
	return (event) => {
		if (event.type !== "text_delta" || seen) return;
		seen = true;
		action();
	};
}

/** Calls `action` once the server has the request (or the request is over), then awaits it. */
async function whenRequested(
	server: WireServer,
	request: Promise<Played>,
	action: () => void,
): Promise<Played> {
	let over = false;
	void request.then(
		() => {
			over = true;
		},
		() => {
			over = true;
		},
	);
	for (let waited = 0; server.requests.length === 0 && !over; waited += 5) {
		if (waited > 60_000) assert.fail("the provider sent no request within a minute");
		await new Promise((resolve) => setTimeout(resolve, 5));
	}
	action();
	return request;
}

/** Runs `body` with `console.error` silenced, restored afterwards. */
async function quietly<T>(body: () => Promise<T>): Promise<T> {
	const original = console.error;
	console.error = () => {};
	try {
		return await body();
	} finally {
		console.error = original;
	}
}
