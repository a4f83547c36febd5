import type { HarnessEvent } from "@kestrel/harness";
import { jsonEventLine } from "../json-event-line.js";
import type { RpcOutputLine } from "./rpc-protocol.js";

/**
 * Writes protocol lines to stdout, one JSON object per line. Never throws: a value that
 * cannot be serialised becomes an `error` line, and once stdout is gone (the client
 * closed it) lines are dropped.
 */
export class RpcOutput {
	private closed = false;

	constructor(private readonly stdout: NodeJS.WritableStream) {}

	write(line: RpcOutputLine): void {
		let text: string;
		try {
			text = JSON.stringify(line);
		} catch (error) {
			const message = `could not serialise a ${line.type} line: ${error instanceof Error ? error.message : String(error)}`;
			text = JSON.stringify({ type: "error", error: { code: "internal", message } });
		}
		this.writeText(text);
	}

	/** A harness event, reduced as in `--mode json` (deltas, not partial messages). */
	event(event: HarnessEvent): void {
		let body: string;
		try {
			body = jsonEventLine(event);
		} catch (error) {
			this.write({
				type: "error",
				error: { code: "internal", message: `could not serialise a ${event.type} event: ${String(error)}` },
			});
			return;
		}
		// jsonEventLine already gives JSON: embed it rather than parse and stringify it again.
		this.writeText(`{"type":"event","event":${body}}`);
	}

	/** Stops writing (stdout failed or the mode is over). */
	close(): void {
		this.closed = true;
	}

	private writeText(text: string): void {
		if (this.closed) return;
		try {
			this.stdout.write(`${text}\n`);
		} catch {
			this.closed = true;
		}
	}
}
