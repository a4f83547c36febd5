import { afterEach, describe, expect, it } from "vitest";
import { startWireServer, type WireServer } from "../../src/testing/wire-server/server.js";

let server: WireServer | undefined;
afterEach(async () => {
	await server?.close();
});

describe("the wire server", () => {
	it("pauses a response after the given bytes until the test lets it go on", async () => {
		server = await startWireServer();
		let resume!: () => void;
		const until = new Promise<void>((resolve) => {
			resume = resolve;
		});
		server.enqueue({ body: "abcdefgh", chunking: 5, pause: { afterBytes: 3, until } });
		const response = await fetch(server.url);
		const reader = response.body!.getReader();
		const decoder = new TextDecoder();
		let received = "";
		while (received.length < 3) received += decoder.decode((await reader.read()).value);
		// Nothing more comes while the pause holds.
		expect(received).toBe("abc");
		expect(server.bytesWritten).toBe(3);
		resume();
		for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read())
			received += decoder.decode(chunk.value);
		expect(received).toBe("abcdefgh");
		expect(server.bytesWritten).toBe(8);
	});
});

/** Reads a response body to its end, or to the error that cut it short. */
async function readAll(response: Response): Promise<{ bytes: Uint8Array; error?: unknown }> {
	const reader = response.body!.getReader();
	const parts: Uint8Array[] = [];
	try {
		for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) parts.push(chunk.value);
		return { bytes: concat(parts) };
	} catch (error) {
		return { bytes: concat(parts), error };
	}
}

/** Reads from `reader` until at least `count` bytes have arrived. */
async function readAtLeast(
	reader: ReadableStreamDefaultReader<Uint8Array>,
	count: number,
): Promise<Uint8Array> {
	const parts: Uint8Array[] = [];
	let length = 0;
	while (length < count) {
		const chunk = await reader.read();
		if (chunk.done) break;
		parts.push(chunk.value);
		length += chunk.value.length;
	}
	return concat(parts);
}

function concat(parts: Uint8Array[]): Uint8Array {
	return new Uint8Array(Buffer.concat(parts));
}

/** Every byte value, including ones that are never valid UTF-8 (0xc0, 0xf5–0xff). */
function everyByte(): Uint8Array {
	return Uint8Array.from({ length: 256 }, (_, index) => index);
}

describe("the wire server with a binary body", () => {
	it("sends it byte for byte, whole or in 1-byte and random writes", async () => {
		server = await startWireServer();
		// A view into a larger buffer: only the viewed bytes are sent.
		const backing = new Uint8Array(300).fill(0xaa);
		backing.set(everyByte(), 20);
		const body = backing.subarray(20, 276);
		server.enqueue({ body }, { body, chunking: 1 }, { body, chunking: { random: { seed: 7, max: 9 } } });
		for (let round = 0; round < 3; round++) {
			const response = await fetch(server.url);
			expect(response.headers.get("content-type")).toBe("application/octet-stream");
			const { bytes, error } = await readAll(response);
			expect(error).toBeUndefined();
			expect(bytes).toEqual(everyByte());
		}
		expect(server.bytesWritten).toBe(3 * 256);
	});

	it("keeps a content-type the script gives", async () => {
		server = await startWireServer();
		server.enqueue({ body: everyByte(), headers: { "content-type": "application/vnd.amazon.eventstream" } });
		const response = await fetch(server.url);
		expect(response.headers.get("content-type")).toBe("application/vnd.amazon.eventstream");
		expect((await readAll(response)).bytes).toEqual(everyByte());
	});

	it("pauses it after the given bytes until the test lets it go on", async () => {
		server = await startWireServer();
		let resume!: () => void;
		const until = new Promise<void>((resolve) => {
			resume = resolve;
		});
		server.enqueue({ body: everyByte().reverse(), chunking: 100, pause: { afterBytes: 150, until } });
		const response = await fetch(server.url);
		const reader = response.body!.getReader();
		const head = await readAtLeast(reader, 150);
		expect(head).toEqual(everyByte().reverse().subarray(0, 150));
		expect(server.bytesWritten).toBe(150);
		resume();
		const tail = await readAtLeast(reader, 106);
		expect(tail).toEqual(everyByte().reverse().subarray(150));
		expect((await reader.read()).done).toBe(true);
	});

	it("stalls it after the given bytes and keeps the connection open", async () => {
		server = await startWireServer();
		server.enqueue({ body: everyByte(), chunking: 1, stallAfterBytes: 200 });
		const response = await fetch(server.url);
		const reader = response.body!.getReader();
		expect(await readAtLeast(reader, 200)).toEqual(everyByte().subarray(0, 200));
		expect(server.bytesWritten).toBe(200);
		// Still open: the next read ends only when the server closes the connection.
		const next = reader.read();
		await server.close();
		server = undefined;
		await expect(next).rejects.toThrow();
	});

	it("drops the connection after the given bytes", async () => {
		server = await startWireServer();
		server.enqueue({ body: everyByte(), chunking: 7, stallAfterBytes: 100, dropAfterStall: true });
		const { bytes, error } = await readAll(await fetch(server.url));
		expect(bytes).toEqual(everyByte().subarray(0, 100));
		expect(error).toBeDefined();
	});
});

describe("the wire server with a text body", () => {
	it("counts UTF-8 bytes, so a stall may cut a character in two", async () => {
		server = await startWireServer();
		// "é" is two bytes and "😀" four: the stall falls inside the emoji.
		server.enqueue({ body: "é😀!", chunking: 1, stallAfterBytes: 4, dropAfterStall: true });
		const response = await fetch(server.url);
		expect(response.headers.get("content-type")).toBe("text/event-stream");
		const { bytes, error } = await readAll(response);
		expect(Buffer.from(bytes)).toEqual(Buffer.from("é😀!", "utf8").subarray(0, 4));
		expect(error).toBeDefined();
	});
});

describe("the wire server holding the headers", () => {
	it("sends no status line until headersUntil settles", async () => {
		server = await startWireServer();
		let release!: () => void;
		const headersUntil = new Promise<void>((resolve) => {
			release = resolve;
		});
		server.enqueue({ body: "late", headersUntil });
		let answered = false;
		const response = fetch(server.url).then((value) => {
			answered = true;
			return value;
		});
		while (server.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
		// The request has arrived; a few more turns of the event loop bring no answer.
		for (let turn = 0; turn < 20; turn++) await new Promise((resolve) => setImmediate(resolve));
		expect(answered).toBe(false);
		release();
		expect(await (await response).text()).toBe("late");
	});
});
