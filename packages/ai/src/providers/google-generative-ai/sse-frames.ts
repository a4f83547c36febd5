/**
 * The `data` of each server-sent event in a text stream, in one pass: every character is
 * looked at a bounded number of times however the stream is cut into chunks.
 *
 * Lines end with `\n`, `\r\n` or `\r` (a `\r` at the end of a chunk may be followed by
 * the `\n` of the next); an empty line ends an event, whose `data:` lines are joined with
 * `\n`. Other fields and `:` comments are ignored. Gemini sends one `data:` line per event.
 *
 * The lines of an event that has not ended yet are kept as they came, data or not: Google
 * may end a stream with a bare JSON error instead of an event (googleapis/js-genai#461),
 * which the caller reads from {@link rest}.
 */
export class SseDataFrames {
	/** The start of a line whose end has not arrived yet. */
	private partial = "";
	private data: string[] = [];
	/** Every line of the current event, as received. */
	private lines: string[] = [];
	private skipLineFeed = false;

	/** Feeds the next piece of text; `onData` gets the data of every event it completes. */
	push(text: string, onData: (data: string) => void): void {
		if (text === "") return;
		let start = 0;
		if (this.skipLineFeed && text.charCodeAt(0) === 10) start = 1;
		this.skipLineFeed = false;
		// The next `\n` and `\r` at or after `start`, each searched for again only once passed.
		let lineFeed = text.indexOf("\n", start);
		let carriageReturn = text.indexOf("\r", start);
		while (lineFeed >= 0 || carriageReturn >= 0) {
			const end =
				carriageReturn < 0 || (lineFeed >= 0 && lineFeed < carriageReturn) ? lineFeed : carriageReturn;
			let line = text.slice(start, end);
			if (this.partial) {
				line = this.partial + line;
				this.partial = "";
			}
			start = end + 1;
			if (end === carriageReturn) {
				if (lineFeed === end + 1) start++;
				else if (end + 1 === text.length) this.skipLineFeed = true;
			}
			if (lineFeed >= 0 && lineFeed < start) lineFeed = text.indexOf("\n", start);
			if (carriageReturn >= 0 && carriageReturn < start) carriageReturn = text.indexOf("\r", start);
			this.line(line, onData);
		}
		if (start < text.length) this.partial += text.slice(start);
	}

	/** The text of the event the stream ended inside, as received (lines joined with `\n`); else "". */
	rest(): string {
		return this.lines.length > 0 ? `${this.lines.join("\n")}\n${this.partial}` : this.partial;
	}

	private line(line: string, onData: (data: string) => void): void {
		if (line !== "") {
			this.lines.push(line);
			if (line.startsWith("data:")) this.data.push(line.charCodeAt(5) === 32 ? line.slice(6) : line.slice(5));
			return;
		}
		this.lines = [];
		if (this.data.length === 0) return;
		const data = this.data.length === 1 ? (this.data[0] as string) : this.data.join("\n");
		this.data = [];
		onData(data);
	}
}
