import { describe, expect, it } from "vitest";
import { readNdjson } from "../../src/kit/read-ndjson.js";

function body(pieces: string[]): ReadableStream<Uint8Array> {
	const bytes = pieces.map((piece) => new TextEncoder().encode(piece));
	return new ReadableStream({
		start(controller) {
			for (const chunk of bytes) controller.enqueue(chunk);
			controller.close();
		},
	});
}

async function collect(stream: AsyncIterable<unknown>): Promise<unknown[]> {
	const values: unknown[] = [];
	for await (const value of stream) values.push(value);
	return values;
}

describe("readNdjson", () => {
	it("reads one value per line across any chunk split, CRLF and blank lines included", async () => {
		const text = '{"a":1}\r\n\n{"b":"é😀"}\n[1,2]\n"last"';
		const whole = await collect(readNdjson(body([text])));
		expect(whole).toEqual([{ a: 1 }, { b: "é😀" }, [1, 2], "last"]);
		// Every byte its own chunk: multi-byte characters and lines cut everywhere.
		const bytes = new TextEncoder().encode(text);
		const single = new ReadableStream<Uint8Array>({
			start(controller) {
				for (const byte of bytes) controller.enqueue(Uint8Array.of(byte));
				controller.close();
			},
		});
		expect(await collect(readNdjson(single))).toEqual(whole);
	});

	it("throws the SyntaxError of a line that is not JSON", async () => {
		await expect(collect(readNdjson(body(['{"ok":true}\n', "{broken\n"])))).rejects.toBeInstanceOf(
			SyntaxError,
		);
	});

	it("ends quietly when the signal fires", async () => {
		const controller = new AbortController();
		const values: unknown[] = [];
		for await (const value of readNdjson(body(['{"n":1}\n{"n":2}\n{"n":3}\n']), {
			signal: controller.signal,
		})) {
			values.push(value);
			controller.abort();
		}
		expect(values).toEqual([{ n: 1 }]);
	});
});
