import { createWriteStream, mkdirSync, type WriteStream } from "node:fs";
import { join } from "node:path";

const KEPT_LINES = 20;

/**
 * A stdio server's stderr: appended to `<logDir>/<server>.log` (never the terminal), and
 * its last lines kept in memory for error messages.
 */
export class StderrLog {
	readonly path: string;
	private stream: WriteStream | undefined;
	private readonly lines: string[] = [];
	private partial = "";

	constructor(logDir: string, fileName: string) {
		this.path = join(logDir, `${fileName}.log`);
		try {
			mkdirSync(logDir, { recursive: true });
			this.stream = createWriteStream(this.path, { flags: "a" });
			this.stream.on("error", () => {
				this.stream = undefined;
			});
		} catch {
			this.stream = undefined;
		}
	}

	/** Starts a section for one start of the server. */
	begin(header: string): void {
		this.lines.length = 0;
		this.partial = "";
		this.stream?.write(`\n--- ${new Date().toISOString()} ${header}\n`);
	}

	write(chunk: Buffer | string): void {
		const text = chunk.toString();
		this.stream?.write(text);
		const parts = (this.partial + text).split(/\r?\n/);
		this.partial = parts.pop() ?? "";
		for (const line of parts) this.keep(line);
		if (this.partial.length > 4000) {
			this.keep(this.partial);
			this.partial = "";
		}
	}

	/** The last lines written (at most `count`), the unfinished one included. */
	tail(count = 5): string[] {
		const all = this.partial.trim() === "" ? this.lines : [...this.lines, this.partial];
		return all.filter((line) => line.trim() !== "").slice(-count);
	}

	close(): void {
		this.stream?.end();
		this.stream = undefined;
	}

	private keep(line: string): void {
		this.lines.push(line.length > 500 ? `${line.slice(0, 500)}…` : line);
		if (this.lines.length > KEPT_LINES) this.lines.splice(0, this.lines.length - KEPT_LINES);
	}
}
