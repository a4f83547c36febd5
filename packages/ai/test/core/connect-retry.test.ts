import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { isConnectFailureBeforeResponse } from "../../src/errors/connect-failure.js";
import { runProviderStream } from "../../src/provider-run.js";
import { createAnthropicMessagesProvider } from "../../src/providers/anthropic-messages/index.js";
import { createOpenAICompletionsProvider } from "../../src/providers/openai-completions/index.js";
import { createFauxProvider } from "../../src/testing/faux-provider.js";
import { encodeAnthropicStream } from "../../src/testing/wire-server/anthropic-messages.js";
import {
	encodeOpenAICompletionsStream,
	openaiErrorResponse,
} from "../../src/testing/wire-server/openai-completions.js";
import type { WireScript } from "../../src/testing/wire-server/script.js";
import type { Model, ProviderImplementation, StreamOptions } from "../../src/types.js";
import { collectStream, userContext } from "../support/wire-fixture.js";

/**
 * What the loopback server does with one request:
 * - `drop`: reads the request and destroys the socket before any byte of a response;
 * - `headers-then-close`: sends the status line and headers, then closes (no body byte);
 * - `part-then-close`: sends the headers and the first `bytes` bytes of a body, then closes;
 * - `error`: an HTTP error response; `answer`: a whole streamed answer.
 */
type Step =
	| { kind: "drop" }
	| { kind: "headers-then-close" }
	| { kind: "part-then-close"; body: string; bytes: number }
	| { kind: "error"; status: number; headers: Record<string, string>; body: string }
	| { kind: "answer"; body: string };

interface FlakyServer {
	url: string;
	/** Requests received, whatever was done with them. */
	readonly requests: number;
}

const servers: Server[] = [];
afterEach(async () => {
	for (const server of servers.splice(0)) {
		server.closeAllConnections();
		await new Promise<void>((resolve) => server.close(() => resolve()));
	}
});

/** A loopback server that plays `steps` in order, one per request (the last repeats). */
async function startFlakyServer(steps: Step[]): Promise<FlakyServer> {
	let requests = 0;
	const server = createServer((request, response) => {
		request.resume();
		request.on("end", () => {
			const step = steps[Math.min(requests, steps.length - 1)] as Step;
			requests += 1;
			const socket = request.socket;
			switch (step.kind) {
				case "drop":
					socket.destroy();
					return;
				case "headers-then-close":
					// Written to the socket directly, then a clean close: the client has the status.
					socket.end(
						"HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\ntransfer-encoding: chunked\r\n\r\n",
					);
					return;
				case "part-then-close": {
					const part = Buffer.from(step.body).subarray(0, step.bytes);
					socket.end(
						Buffer.concat([
							Buffer.from(
								`HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\ntransfer-encoding: chunked\r\n\r\n${part.length.toString(16)}\r\n`,
							),
							part,
							Buffer.from("\r\n"),
						]),
					);
					return;
				}
				case "error":
					response.writeHead(step.status, step.headers);
					response.end(step.body);
					return;
				case "answer":
					response.writeHead(200, { "content-type": "text/event-stream" });
					response.end(step.body);
			}
		});
	});
	servers.push(server);
	await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
	const { port } = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${port}`,
		get requests() {
			return requests;
		},
	};
}

/** A loopback port that nobody listens on: connections to it are refused. */
async function refusedUrl(): Promise<string> {
	const server = createServer();
	await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
	const { port } = server.address() as AddressInfo;
	await new Promise<void>((resolve) => server.close(() => resolve()));
	return `http://127.0.0.1:${port}`;
}

interface Api {
	name: string;
	provider: ProviderImplementation;
	model: (url: string) => Model;
	answer: (script: WireScript) => string;
}

const APIS: Api[] = [
	{
		name: "anthropic-messages",
		provider: createAnthropicMessagesProvider(),
		model: (url) => wireModel("anthropic-messages", url),
		answer: (script) => encodeAnthropicStream(script),
	},
	{
		name: "openai-completions",
		provider: createOpenAICompletionsProvider(),
		model: (url) => wireModel("openai-completions", `${url}/v1`),
		answer: (script) => encodeOpenAICompletionsStream(script),
	},
];

function wireModel(api: string, baseUrl: string): Model {
	return {
		id: "wire-model",
		name: "Wire model",
		api,
		provider: "wire-provider",
		baseUrl,
		reasoning: false,
		input: ["text"],
		cost: { input: 1, output: 1, cacheRead: 0, cacheWrite: 0 },
		contextWindow: 100_000,
		maxTokens: 1_000,
	};
}

const HELLO: WireScript = { blocks: [{ type: "text", text: "Hello again.", deltaSize: 4 }] };

function request(api: Api, url: string, options: StreamOptions = {}) {
	return collectStream(
		api.provider.stream(api.model(url), userContext(), { apiKey: "wire-key", maxRetries: 0, ...options }),
	);
}

describe.each(APIS)("connection retries before the first byte ($name, real SDK)", (api) => {
	it("sends the request again when the server closed the connection before answering; consumers see one clean answer", async () => {
		const server = await startFlakyServer([{ kind: "drop" }, { kind: "answer", body: api.answer(HELLO) }]);
		const { events, message } = await request(api, server.url);

		expect(message.stopReason).toBe("stop");
		expect(message.content).toEqual([{ type: "text", text: "Hello again." }]);
		expect(server.requests).toBe(2);
		const types = events.map((event) => event.type);
		expect(types.filter((type) => type === "start")).toHaveLength(1);
		expect(types).not.toContain("error");
		expect(types.at(-1)).toBe("done");
	});

	it("gives up after connectRetries more attempts (default 2) and reports a network error", async () => {
		const server = await startFlakyServer([{ kind: "drop" }]);
		const { events, message } = await request(api, server.url);
		expect(server.requests).toBe(3);
		expect(message.stopReason).toBe("error");
		expect(message.error?.kind).toBe("network");
		expect(events.map((event) => event.type)).toEqual(["start", "error"]);

		const once = await startFlakyServer([{ kind: "drop" }]);
		expect((await request(api, once.url, { connectRetries: 1 })).message.error?.kind).toBe("network");
		expect(once.requests).toBe(2);

		const off = await startFlakyServer([{ kind: "drop" }, { kind: "answer", body: api.answer(HELLO) }]);
		expect((await request(api, off.url, { connectRetries: 0 })).message.error?.kind).toBe("network");
		expect(off.requests).toBe(1);
	});

	it("retries a refused connection, building the request again each time", async () => {
		let payloads = 0;
		const { message } = await request(api, await refusedUrl(), {
			onPayload: () => {
				payloads += 1;
			},
		});
		expect(message.error?.kind).toBe("network");
		expect(payloads).toBe(3);
	});

	it("does not retry once the status arrived, even with no body byte", async () => {
		const server = await startFlakyServer([
			{ kind: "headers-then-close" },
			{ kind: "answer", body: api.answer(HELLO) },
		]);
		const { message } = await request(api, server.url);
		expect(message.error?.kind).toBe("network");
		expect(server.requests).toBe(1);
	});

	it.each([
		["a few bytes, not yet a whole event", () => 5],
		["half the answer", (length: number) => Math.floor(length / 2)],
	])("does not retry a connection that broke after the first byte: %s", async (_what, bytes) => {
		const body = api.answer(HELLO);
		const server = await startFlakyServer([
			{ kind: "part-then-close", body, bytes: bytes(body.length) },
			{ kind: "answer", body },
		]);
		const { message } = await request(api, server.url);
		expect(message.error?.kind).toBe("network");
		expect(server.requests).toBe(1);
	});
});

describe("connection retries: what is left alone", () => {
	it("does not retry an HTTP error: maxRetries and the caller's retries cover it", async () => {
		const failure = openaiErrorResponse(503);
		const api = APIS[1] as Api;
		const server = await startFlakyServer([
			{
				kind: "error",
				status: 503,
				headers: failure.headers ?? {},
				body: failure.body as string,
			},
			{ kind: "answer", body: api.answer(HELLO) },
		]);
		const { message } = await request(api, server.url);
		expect(message.error).toMatchObject({ kind: "overloaded", status: 503 });
		expect(server.requests).toBe(1);
	});

	it("refuses a connectRetries that is not a whole number of 0 or more, without sending", async () => {
		for (const connectRetries of [-1, 1.5, Number.NaN]) {
			let sent = false;
			const message = await runProviderStream(hosted, { apiKey: "k", connectRetries }, async () => {
				sent = true;
			}).result();
			expect(message.error).toEqual({ kind: "invalid_request", code: "invalid_option" });
			expect(message.errorMessage).toContain("connectRetries must be a whole number of 0 or more");
			expect(sent).toBe(false);
		}
	});
});

const hosted = createFauxProvider().model({ provider: "wire-provider", api: "custom" });

/** What undici and the SDKs throw when the socket closed before the response. */
function closedBeforeResponse(): Error {
	const socket = Object.assign(new Error("other side closed"), {
		name: "SocketError",
		code: "UND_ERR_SOCKET",
	});
	const failed = new TypeError("fetch failed", { cause: socket });
	class APIConnectionError extends Error {}
	return new APIConnectionError("Connection error.", { cause: failed });
}

describe("isConnectFailureBeforeResponse", () => {
	const socketError = (message: string, code: string) => Object.assign(new Error(message), { code });

	it("holds for a refused or closed connection that got no response", () => {
		expect(isConnectFailureBeforeResponse(closedBeforeResponse())).toBe(true);
		expect(
			isConnectFailureBeforeResponse(
				new TypeError("fetch failed", {
					cause: socketError("connect ECONNREFUSED 127.0.0.1:9", "ECONNREFUSED"),
				}),
			),
		).toBe(true);
		expect(
			isConnectFailureBeforeResponse(
				new TypeError("fetch failed", { cause: socketError("read ECONNRESET", "ECONNRESET") }),
			),
		).toBe(true);
	});

	it("does not hold once the response started, for HTTP errors, timeouts and other causes", () => {
		// The body broke after the headers: undici says "terminated".
		expect(
			isConnectFailureBeforeResponse(
				new TypeError("terminated", { cause: socketError("other side closed", "UND_ERR_SOCKET") }),
			),
		).toBe(false);
		expect(
			isConnectFailureBeforeResponse(Object.assign(new Error("503 Service Unavailable"), { status: 503 })),
		).toBe(false);
		class APIConnectionTimeoutError extends Error {}
		expect(
			isConnectFailureBeforeResponse(
				new APIConnectionTimeoutError("Request timed out.", {
					cause: socketError("other side closed", "UND_ERR_SOCKET"),
				}),
			),
		).toBe(false);
		expect(
			isConnectFailureBeforeResponse(
				new TypeError("fetch failed", {
					cause: socketError("getaddrinfo ENOTFOUND api.example", "ENOTFOUND"),
				}),
			),
		).toBe(false);
		expect(isConnectFailureBeforeResponse(new Error("socket hang up"))).toBe(false);
		expect(isConnectFailureBeforeResponse("fetch failed")).toBe(false);
	});
});
