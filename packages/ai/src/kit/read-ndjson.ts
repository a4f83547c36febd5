export interface ReadNdjsonOptions {
	/** When it fires the body is cancelled and the iteration ends without an error. */
	signal?: AbortSignal;
}

/**
 * The JSON values of a newline-delimited JSON body (one value per line; blank lines and a
 * `\r` before the newline are ignored; a last line without its newline is still read).
 * Each byte is decoded once; only a line cut by a chunk boundary is carried over. A line
 * that is not JSON throws its `SyntaxError`, which `runProviderStream` reports as a
 * malformed stream (error kind `network`).
 */
export async function* readNdjson(
	body: ReadableStream<Uint8Array>,
	options: ReadNdjsonOptions = {},
): AsyncGenerator<unknown, void, undefined> {
	const { signal } = options;
	const reader = body.getReader();
	const decoder = new TextDecoder();
	const cancel = () => void reader.cancel().catch(() => {});
	signal?.addEventListener("abort", cancel, { once: true });
	let rest = "";
	let finished = false;
	try {
		if (signal?.aborted) return;
		while (true) {
			let result: Awaited<ReturnType<typeof reader.read>>;
			try {
				result = await reader.read();
			} catch (error) {
				if (signal?.aborted) return;
				throw error;
			}
			if (signal?.aborted) return;
			if (result.done) break;
			const text = rest + decoder.decode(result.value, { stream: true });
			let start = 0;
			for (let end = text.indexOf("\n"); end >= 0; end = text.indexOf("\n", start)) {
				const value = parseLine(text.slice(start, end));
				start = end + 1;
				if (value !== undefined) yield value.json;
				if (signal?.aborted) return;
			}
			rest = text.slice(start);
		}
		finished = true;
		const last = parseLine(rest + decoder.decode());
		if (last !== undefined) yield last.json;
	} finally {
		signal?.removeEventListener("abort", cancel);
		if (!finished) cancel();
		reader.releaseLock();
	}
}

function parseLine(line: string): { json: unknown } | undefined {
	const trimmed = line.endsWith("\r") ? line.slice(0, -1) : line;
	if (trimmed.trim() === "") return undefined;
	return { json: JSON.parse(trimmed) };
}
