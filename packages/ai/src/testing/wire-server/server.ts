import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** How a response body is cut into writes. */
export type Chunking =
	/** Every write has this many bytes (multi-byte characters may be split). */
	| number
	/** Writes of these sizes, in turn (the last size repeats). */
	| readonly number[]
	/** Random sizes from 1 to `max` bytes, reproducible from `seed`. */
	| { random: { seed: number; max: number } };

/** One scripted HTTP response, served to the next request that arrives. */
export interface ScriptedResponse {
	/** Default 200. */
	status?: number;
	/**
	 * Response headers. `content-type` defaults to `text/event-stream` for a text body and
	 * `application/octet-stream` for a binary one.
	 */
	headers?: Record<string, string>;
	/**
	 * The body: SSE text from an encoder, a JSON error body, or anything raw. Text is sent
	 * as UTF-8; a `Uint8Array` (a binary event stream, say) is sent byte for byte. Either
	 * way, `chunking`, `pause`, `stallAfterBytes` and `dropAfterStall` count bytes.
	 */
	body: string | Uint8Array;
	/** Default: the whole body in one write. */
	chunking?: Chunking;
	/** Wait this long before sending the status line and headers. */
	headersDelayMs?: number;
	/**
	 * Wait for this before sending the status line and headers (after `headersDelayMs`):
	 * the request is in flight with no response for as long as the test needs.
	 */
	headersUntil?: PromiseLike<unknown>;
	/** Wait this long between two writes. */
	chunkDelayMs?: number;
	/**
	 * Stop writing after this many body bytes and keep the connection open, as a server
	 * that hangs does. `0` stalls right after the headers.
	 */
	stallAfterBytes?: number;
	/** Destroy the socket after `stallAfterBytes` instead of keeping it open. */
	dropAfterStall?: boolean;
	/**
	 * Write the body up to `afterBytes` (`0`: right after the headers), then wait for
	 * `until` before writing the rest: the response is in flight at a known point for as
	 * long as the test needs, however slowly a loaded machine runs either side.
	 */
	pause?: { afterBytes: number; until: PromiseLike<unknown> };
}

/** A request the server received, for assertions on what the SDK sent. */
export interface RecordedRequest {
	method: string;
	path: string;
	headers: Record<string, string | string[] | undefined>;
	/** The parsed JSON body, or the raw text when it is not JSON. */
	body: unknown;
}

/** What a {@link WireServer.respond} function is given: the request and its place in the run. */
export interface WireRequestContext {
	/** The request, as it is also recorded in {@link WireServer.requests}. */
	request: RecordedRequest;
	/** Its position in {@link WireServer.requests}: 0 for the first request the server received. */
	index: number;
}

/** Answers a request that the queue has no response for. */
export type WireResponder = (context: WireRequestContext) => ScriptedResponse | Promise<ScriptedResponse>;

export interface WireServerOptions {
	/**
	 * The port to listen on. Default 0: a free port the system picks (read it from `url`).
	 * A port already in use makes `startWireServer` reject with Node's `EADDRINUSE` error.
	 */
	port?: number;
	/**
	 * The address to listen on. Default `127.0.0.1`. The server has no authentication:
	 * keep it on a loopback address.
	 */
	host?: string;
	/**
	 * Answers each request the queue has no response for. Queued responses
	 * ({@link WireServer.enqueue}) always go first, so a test can slip a one-off response
	 * (an error, a stall) in front of the function. Without it, such a request gets HTTP 500
	 * "no scripted response left". A function that throws or rejects answers HTTP 500 with
	 * its message.
	 */
	respond?: WireResponder;
}

export interface WireServer {
	/** `http://<host>:<port>`, `http://127.0.0.1:<port>` by default. */
	readonly url: string;
	/** The port the server listens on. */
	readonly port: number;
	/** Every request received so far, in order. */
	readonly requests: RecordedRequest[];
	/** Queues responses; each request takes the next one (FIFO), before `respond` is asked. */
	enqueue(...responses: ScriptedResponse[]): void;
	/** Bytes written in response bodies so far. */
	readonly bytesWritten: number;
	/** Closes the server and every open connection. */
	close(): Promise<void>;
}

/**
 * A loopback HTTP server that plays scripted responses, so that the real provider SDKs
 * can be tested end to end without a network: wire formats, odd chunk splits, HTTP
 * errors, stalls and dropped connections. Each request takes the next queued response
 * ({@link WireServer.enqueue}); when the queue is empty, `options.respond` answers it.
 * Listens on 127.0.0.1 and a free port unless `options` say otherwise.
 */
export async function startWireServer(options: WireServerOptions = {}): Promise<WireServer> {
	const queue: ScriptedResponse[] = [];
	let queueHead = 0;
	const requests: RecordedRequest[] = [];
	const stalled = new Set<ServerResponse>();
	let bytesWritten = 0;
	const host = options.host ?? "127.0.0.1";

	const server = createServer((request, response) => {
		void readBody(request).then(async (text) => {
			const recorded: RecordedRequest = {
				method: request.method ?? "GET",
				path: request.url ?? "/",
				headers: { ...request.headers },
				body: parseJson(text),
			};
			const index = requests.push(recorded) - 1;
			let scripted: ScriptedResponse | undefined;
			if (queueHead < queue.length) {
				scripted = queue[queueHead++];
				// Read by index, not shift(): emptied, the queue starts over.
				if (queueHead === queue.length) {
					queue.length = 0;
					queueHead = 0;
				}
			} else if (options.respond) {
				try {
					scripted = await options.respond({ request: recorded, index });
				} catch (error) {
					const message = error instanceof Error ? error.message : String(error);
					failWith(response, `wire server: the respond function failed: ${message}`);
					return;
				}
			}
			if (!scripted) {
				failWith(response, "wire server: no scripted response left");
				return;
			}
			await play(
				scripted,
				response,
				(count) => {
					bytesWritten += count;
				},
				stalled,
			);
		});
	});
	await new Promise<void>((resolve, reject) => {
		server.once("error", reject);
		server.listen(options.port ?? 0, host, () => {
			server.off("error", reject);
			resolve();
		});
	});
	const { port } = server.address() as AddressInfo;

	return {
		url: `http://${host.includes(":") ? `[${host}]` : host}:${port}`,
		port,
		requests,
		get bytesWritten() {
			return bytesWritten;
		},
		enqueue: (...responses) => {
			queue.push(...responses);
		},
		close: async () => {
			for (const response of stalled) response.destroy();
			server.closeAllConnections();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		},
	};
}

async function play(
	scripted: ScriptedResponse,
	response: ServerResponse,
	count: (bytes: number) => void,
	stalled: Set<ServerResponse>,
): Promise<void> {
	if (scripted.headersDelayMs) await sleep(scripted.headersDelayMs);
	if (scripted.headersUntil) await scripted.headersUntil;
	if (response.destroyed) return;
	const body = bodyBytes(scripted.body);
	const headers = {
		"content-type": typeof scripted.body === "string" ? "text/event-stream" : "application/octet-stream",
		...scripted.headers,
	};
	response.writeHead(scripted.status ?? 200, headers);
	response.flushHeaders();
	const limit = scripted.stallAfterBytes ?? body.length;
	const pause = scripted.pause;
	const writes = splitAt(chunkSizes(scripted.chunking, Math.min(limit, body.length)), pause?.afterBytes);
	let offset = 0;
	let flushed: Promise<unknown> = Promise.resolve();
	const closed = new Promise((resolve) => response.once("close", resolve));
	for (const size of writes) {
		if (response.destroyed) return;
		if (offset > 0 && scripted.chunkDelayMs) await sleep(scripted.chunkDelayMs);
		if (pause && offset === pause.afterBytes) {
			await pause.until;
			if (response.destroyed) return;
		}
		const piece = body.subarray(offset, offset + size);
		offset += size;
		count(piece.length);
		let room = true;
		flushed = new Promise((resolve) => {
			room = response.write(piece, () => resolve(undefined));
		});
		if (!room) await Promise.race([new Promise((resolve) => response.once("drain", resolve)), closed]);
	}
	if (scripted.stallAfterBytes !== undefined && scripted.stallAfterBytes < body.length) {
		if (scripted.dropAfterStall) {
			// Hand every written byte to the socket first: destroying it drops unflushed writes.
			await Promise.race([flushed, closed]);
			response.destroy();
		} else stalled.add(response);
		return;
	}
	response.end();
}

function failWith(response: ServerResponse, message: string): void {
	response.writeHead(500, { "content-type": "application/json" });
	response.end(JSON.stringify({ error: { message } }));
}

/** The bytes of a scripted body: UTF-8 for text, a view (no copy) of binary. */
function bodyBytes(body: string | Uint8Array): Buffer {
	if (typeof body === "string") return Buffer.from(body, "utf8");
	return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
}

/** `sizes`, with the one that spans `offset` cut in two there. */
function* splitAt(sizes: Iterable<number>, offset: number | undefined): Generator<number> {
	let written = 0;
	for (const size of sizes) {
		if (offset !== undefined && written < offset && offset < written + size) {
			yield offset - written;
			yield written + size - offset;
		} else yield size;
		written += size;
	}
}

/** The sizes of successive writes covering `total` bytes. */
export function* chunkSizes(chunking: Chunking | undefined, total: number): Generator<number> {
	let remaining = total;
	if (chunking === undefined) {
		if (remaining > 0) yield remaining;
		return;
	}
	const next = sizeSource(chunking);
	while (remaining > 0) {
		const size = Math.max(1, Math.min(remaining, next()));
		remaining -= size;
		yield size;
	}
}

function sizeSource(chunking: Chunking): () => number {
	if (typeof chunking === "number") return () => chunking;
	if (Array.isArray(chunking)) {
		let index = 0;
		const sizes = chunking as readonly number[];
		return () => sizes[Math.min(index++, sizes.length - 1)] ?? 1;
	}
	const { seed, max } = (chunking as { random: { seed: number; max: number } }).random;
	const random = seededRandom(seed);
	return () => 1 + Math.floor(random() * max);
}

/** mulberry32: small, fast and reproducible; good enough to pick chunk sizes. */
export function seededRandom(seed: number): () => number {
	let state = seed >>> 0;
	return () => {
		state = (state + 0x6d2b79f5) >>> 0;
		let t = state;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

function readBody(request: IncomingMessage): Promise<string> {
	return new Promise((resolve) => {
		const parts: Buffer[] = [];
		request.on("data", (part: Buffer) => parts.push(part));
		request.on("end", () => resolve(Buffer.concat(parts).toString("utf8")));
		request.on("error", () => resolve(Buffer.concat(parts).toString("utf8")));
	});
}

function parseJson(text: string): unknown {
	try {
		return JSON.parse(text);
	} catch {
		return text;
	}
}

function sleep(ms: number): Promise<void> {
	return new Promise((resolve) => setTimeout(resolve, ms));
}
