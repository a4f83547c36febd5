import { describe, expect, it } from "vitest";
import { readSseEvents, type SseFrame } from "../../src/sse/read-sse-events.js";

const encoder = new TextEncoder();

/** A body that hands out `chunks` one read at a time and records whether it was cancelled. */
function bodyOf(chunks: Uint8Array[]): { body: ReadableStream<Uint8Array>; cancelled: () => boolean } {
	let index = 0;
	let cancelled = false;
	const body = new ReadableStream<Uint8Array>({
		pull(controller) {
			const chunk = chunks[index++];
			if (chunk === undefined) controller.close();
			else controller.enqueue(chunk);
		},
		cancel() {
			cancelled = true;
		},
	});
	return { body, cancelled: () => cancelled };
}

function splitAt(bytes: Uint8Array, cuts: number[]): Uint8Array[] {
	const bounds = [0, ...cuts, bytes.length];
	return bounds.slice(1).map((end, i) => bytes.subarray(bounds[i], end));
}

async function read(chunks: Uint8Array[], onComment?: (text: string) => void): Promise<SseFrame[]> {
	const frames: SseFrame[] = [];
	for await (const frame of readSseEvents(bodyOf(chunks).body, onComment ? { onComment } : {}))
		frames.push(frame);
	return frames;
}

/** Multi-byte UTF-8 (2, 3 and 4 bytes), CRLF and lone CR endings, a comment, a multi-line data field. */
const SMALL =
	'event: delta\r\ndata: {"t":"ünï ’ 😀"}\r\n\r\n' +
	": keep-alive\n\n" +
	"data: first line\ndata:second line\n\n" +
	"event: done\rdata: [DONE]\r\r";
const SMALL_FRAMES: SseFrame[] = [
	{ event: "delta", data: '{"t":"ünï ’ 😀"}' },
	{ data: "first line\nsecond line" },
	{ event: "done", data: "[DONE]" },
];

describe("readSseEvents", () => {
	it("gives the same frames for every 2-piece and 3-piece split of the bytes, and for 1-byte reads", async () => {
		const bytes = encoder.encode(SMALL);
		expect(await read([bytes])).toEqual(SMALL_FRAMES);
		for (let cut = 1; cut < bytes.length; cut++) {
			expect(await read(splitAt(bytes, [cut])), `cut at ${cut}`).toEqual(SMALL_FRAMES);
			for (let second = cut + 1; second < bytes.length; second += 7) {
				expect(await read(splitAt(bytes, [cut, second])), `cuts at ${cut}, ${second}`).toEqual(SMALL_FRAMES);
			}
		}
		const single = Array.from({ length: bytes.length }, (_, i) => bytes.subarray(i, i + 1));
		expect(await read(single)).toEqual(SMALL_FRAMES);
	});

	it("reads \\n, \\r\\n and \\r line endings alike", async () => {
		const lf = "event: a\ndata: 1\n\ndata: 2\ndata: 3\n\n";
		const expected = [{ event: "a", data: "1" }, { data: "2\n3" }];
		expect(await read([encoder.encode(lf)])).toEqual(expected);
		expect(await read([encoder.encode(lf.replaceAll("\n", "\r\n"))])).toEqual(expected);
		expect(await read([encoder.encode(lf.replaceAll("\n", "\r"))])).toEqual(expected);
	});

	it("reports comments to onComment and yields no frame for them", async () => {
		const comments: string[] = [];
		const frames = await read(
			[encoder.encode(": OPENROUTER PROCESSING\n\n:\n\ndata: x\n\n: after\n\n")],
			(text) => comments.push(text),
		);
		expect(frames).toEqual([{ data: "x" }]);
		expect(comments).toEqual([" OPENROUTER PROCESSING", "", " after"]);
	});

	it("strips one space after the colon, takes a bare `data` line as empty, and ignores id and retry", async () => {
		const frames = await read([encoder.encode("id: 7\nretry: 10\ndata:  two spaces\ndata\n\n")]);
		expect(frames).toEqual([{ data: " two spaces\n" }]);
	});

	it("yields no frame for an event name without data", async () => {
		expect(await read([encoder.encode("event: ping\n\ndata: x\n\n")])).toEqual([{ data: "x" }]);
	});

	it("delivers a last frame that ends without its blank line, or without any line ending", async () => {
		expect(await read([encoder.encode("data: a\n\ndata: b\n")])).toEqual([{ data: "a" }, { data: "b" }]);
		expect(await read([encoder.encode("data: a\n\nevent: e\ndata: b")])).toEqual([
			{ data: "a" },
			{ event: "e", data: "b" },
		]);
		expect(await read([encoder.encode("data: a\n\ndata: b\r")])).toEqual([{ data: "a" }, { data: "b" }]);
	});

	it("ends the iteration without an error and cancels the body when the signal fires", async () => {
		const controller = new AbortController();
		let delivered = 0;
		let cancelled = false;
		const body = new ReadableStream<Uint8Array>({
			pull(stream) {
				if (delivered < 3) stream.enqueue(encoder.encode(`data: ${delivered++}\n\n`));
				// Then nothing more arrives: only the abort can end the read.
			},
			cancel() {
				cancelled = true;
			},
		});
		const frames: SseFrame[] = [];
		for await (const frame of readSseEvents(body, { signal: controller.signal })) {
			frames.push(frame);
			if (frames.length === 3) setTimeout(() => controller.abort(), 10);
		}
		expect(frames).toEqual([{ data: "0" }, { data: "1" }, { data: "2" }]);
		expect(cancelled).toBe(true);
	});

	it("yields nothing for a signal that has already fired", async () => {
		const { body } = bodyOf([encoder.encode("data: x\n\n")]);
		const frames: SseFrame[] = [];
		for await (const frame of readSseEvents(body, { signal: AbortSignal.abort() })) frames.push(frame);
		expect(frames).toEqual([]);
	});

	it("cancels the body when the caller stops early", async () => {
		const source = bodyOf([encoder.encode("data: 1\n\ndata: 2\n\n"), encoder.encode("data: 3\n\n")]);
		for await (const frame of readSseEvents(source.body)) {
			if (frame.data === "1") break;
		}
		expect(source.cancelled()).toBe(true);
	});

	it("passes a body error through", async () => {
		let reads = 0;
		const body = new ReadableStream<Uint8Array>({
			pull(controller) {
				if (reads++ === 0) controller.enqueue(encoder.encode("data: 1\n\n"));
				else controller.error(new Error("socket closed"));
			},
		});
		const frames: SseFrame[] = [];
		await expect(async () => {
			for await (const frame of readSseEvents(body)) frames.push(frame);
		}).rejects.toThrow("socket closed");
		expect(frames).toEqual([{ data: "1" }]);
	});
});

describe("readSseEvents work", () => {
	/**
	 * Counts the characters the reader's string scans and copies touch (indexOf from its
	 * start to its hit, slice output) and the characters decoded, while `run` reads.
	 */
	async function countWork(run: () => Promise<void>): Promise<number> {
		const indexOf = String.prototype.indexOf;
		const slice = String.prototype.slice;
		const decode = TextDecoder.prototype.decode;
		let work = 0;
		String.prototype.indexOf = function (this: string, search: string, from?: number) {
			const start = from ?? 0;
			const hit = indexOf.call(this, search, start);
			work += (hit === -1 ? this.length : hit) - start;
			return hit;
		};
		String.prototype.slice = function (this: string, start?: number, end?: number) {
			const result = slice.call(this, start, end);
			work += result.length;
			return result;
		};
		TextDecoder.prototype.decode = function (
			this: InstanceType<typeof TextDecoder>,
			...args: Parameters<typeof decode>
		) {
			const result = decode.apply(this, args);
			work += result.length;
			return result;
		};
		try {
			await run();
		} finally {
			String.prototype.indexOf = indexOf;
			String.prototype.slice = slice;
			TextDecoder.prototype.decode = decode;
		}
		return work;
	}

	function chunked(text: string, size: number): Uint8Array[] {
		const bytes = encoder.encode(text);
		const chunks: Uint8Array[] = [];
		for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.subarray(at, at + size));
		return chunks;
	}

	it("does work linear in the size of a 4 MB stream of small frames read in 64 KB chunks", async () => {
		const frame = 'data: {"type":"delta","delta":"8 bytes!"}\n\n';
		const count = Math.ceil((4 * 1024 * 1024) / frame.length);
		const text = frame.repeat(count);
		const chunks = chunked(text, 64 * 1024);
		let frames = 0;
		const work = await countWork(async () => {
			for await (const _ of readSseEvents(bodyOf(chunks).body)) frames++;
		});
		expect(frames).toBe(count);
		// Decoding, one scan per line ending kind, one for the field's colon, one slice: a few passes.
		expect(work).toBeLessThan(5 * text.length);
	});

	it("does work linear in the size of one 4 MB data line that spans many reads", async () => {
		const value = "x".repeat(4 * 1024 * 1024);
		const text = `data: ${value}\n\n`;
		let data = "";
		const work = await countWork(async () => {
			for await (const frame of readSseEvents(bodyOf(chunked(text, 16 * 1024)).body)) data = frame.data;
		});
		expect(data.length).toBe(value.length);
		expect(work).toBeLessThan(5 * text.length);
	});
});
