/** One server-sent event: its `event:` name if it had one, and its `data:` lines joined with `\n`. */
export interface SseFrame {
	event?: string;
	data: string;
}

export interface ReadSseOptions {
	/** When it fires the body is cancelled and the iteration ends without an error. */
	signal?: AbortSignal;
	/** Called for each `:` comment line, which proxies send to keep a quiet connection alive. */
	onComment?: (text: string) => void;
}

/**
 * The frames of an SSE body (WHATWG `text/event-stream`), read in one pass.
 *
 * SDK readers copy the rest of their buffer after every event, which is quadratic in the
 * size of a chunk and dominates the CPU of a stream of many small deltas. Here each byte
 * is decoded once and each line scanned once; a line cut by a chunk boundary is the only
 * text carried over. A last frame without its closing blank line is still delivered,
 * because servers that close the connection right after it are common.
 */
export async function* readSseEvents(
	body: ReadableStream<Uint8Array>,
	options: ReadSseOptions = {},
): AsyncGenerator<SseFrame, void, undefined> {
	const { signal } = options;
	const reader = body.getReader();
	const parser = new SseParser(options.onComment);
	const decoder = new TextDecoder();
	let cancelled = false;
	const cancel = () => {
		if (cancelled) return;
		cancelled = true;
		reader.cancel().catch(() => {});
	};
	let finished = false;
	signal?.addEventListener("abort", cancel, { once: true });
	try {
		if (signal?.aborted) return;
		while (true) {
			let result: Awaited<ReturnType<typeof reader.read>>;
			try {
				result = await reader.read();
			} catch (error) {
				// The request's own abort errors the body; ending quietly is what a cancel does.
				if (signal?.aborted) return;
				throw error;
			}
			if (signal?.aborted) return;
			if (result.done) break;
			const frames = parser.push(decoder.decode(result.value, { stream: true }));
			for (const frame of frames) {
				yield frame;
				if (signal?.aborted) return;
			}
		}
		finished = true;
		const tail = decoder.decode();
		const frames = tail ? parser.push(tail) : [];
		const last = parser.end();
		if (last) frames.push(last);
		for (const frame of frames) yield frame;
	} finally {
		signal?.removeEventListener("abort", cancel);
		// Stopped early (break, return, abort, error): release the connection.
		if (!finished) cancel();
		reader.releaseLock();
	}
}

const LF = "\n";
const CR = "\r";

/**
 * The line and field state machine behind {@link readSseEvents}, fed decoded text.
 * `push` scans only the new text: the next `\r` and `\n` positions are remembered, so that
 * text without one of them is not searched again for every line.
 */
export class SseParser {
	/** A line whose end has not arrived yet. */
	private partial = "";
	/** The previous text ended with `\r`: a `\n` starting the next text belongs to it. */
	private skipLeadingLf = false;
	private event: string | undefined;
	private data: string | undefined;
	/** The lines of the frame that has not ended yet, as received. */
	private pendingLines: string[] = [];

	constructor(private readonly onComment?: (text: string) => void) {}

	/** The frames completed by `text`. */
	push(text: string): SseFrame[] {
		// An empty piece (a decoder holding half a character) must not forget a pending `\r`.
		if (text === "") return [];
		const frames: SseFrame[] = [];
		let start = 0;
		if (this.skipLeadingLf) {
			this.skipLeadingLf = false;
			if (text.startsWith(LF)) start = 1;
		}
		let nextCr = text.indexOf(CR, start);
		let nextLf = text.indexOf(LF, start);
		while (nextCr !== -1 || nextLf !== -1) {
			const end = nextCr === -1 ? nextLf : nextLf === -1 ? nextCr : Math.min(nextCr, nextLf);
			let line = text.slice(start, end);
			if (this.partial) {
				line = this.partial + line;
				this.partial = "";
			}
			const frame = this.line(line);
			if (frame) frames.push(frame);
			start = end + 1;
			if (end === nextCr) {
				if (start === text.length) this.skipLeadingLf = true;
				else if (text.charCodeAt(start) === 10) start++;
			}
			if (nextCr !== -1 && nextCr < start) nextCr = text.indexOf(CR, start);
			if (nextLf !== -1 && nextLf < start) nextLf = text.indexOf(LF, start);
		}
		if (start < text.length) this.partial += text.slice(start);
		return frames;
	}

	/**
	 * The raw text of the frame the text so far ends inside (its lines joined with `\n`,
	 * then the unfinished line), or "" at a frame boundary. Read it before `end()`: some
	 * servers end a stream with a bare JSON error instead of a frame.
	 */
	unfinished(): string {
		return this.pendingLines.length > 0 ? `${this.pendingLines.join("\n")}\n${this.partial}` : this.partial;
	}

	/** The frame the text ended inside, if it carried data. */
	end(): SseFrame | undefined {
		const frame = this.partial ? this.line(this.partial) : undefined;
		this.partial = "";
		return frame ?? this.dispatch();
	}

	private line(line: string): SseFrame | undefined {
		if (line === "") return this.dispatch();
		this.pendingLines.push(line);
		const colon = line.indexOf(":");
		if (colon === 0) {
			this.onComment?.(line.slice(1));
			return undefined;
		}
		const field = colon === -1 ? line : line.slice(0, colon);
		let value = "";
		if (colon !== -1) value = line.slice(line.charCodeAt(colon + 1) === 32 ? colon + 2 : colon + 1);
		if (field === "data") this.data = this.data === undefined ? value : `${this.data}\n${value}`;
		else if (field === "event") this.event = value;
		// `id` and `retry` matter to reconnecting browsers only.
		return undefined;
	}

	private dispatch(): SseFrame | undefined {
		const { event, data } = this;
		this.event = undefined;
		this.data = undefined;
		if (this.pendingLines.length > 0) this.pendingLines = [];
		// Like browsers: a frame without data (an `event:` alone) is not an event.
		if (data === undefined) return undefined;
		return event === undefined ? { data } : { event, data };
	}
}
