import type { MessagePort } from "node:worker_threads";
import { Worker } from "node:worker_threads";
import { clipExcerpt, isLowSurrogate } from "../truncate/truncate.js";
import type { LinePattern } from "./compile-pattern.js";
import { type ClipExcerpt, LineSearcher, lineSearcherParts, type SearchRecord } from "./line-searcher.js";

/** What the worker of one grep call needs: the pattern and the bounds of the output. */
export interface SearchSettings {
	scan: { source: string; flags: string };
	line: { source: string; flags: string };
	context: number;
	maxMatches: number;
	maxChars: number;
	maxLineLength: number;
}

/** The worker's answer to a message about a file. */
export type SearchReply =
	| { id: number; kind: "more" }
	| { id: number; kind: "result"; records: SearchRecord[]; more: boolean }
	| { id: number; kind: "failed"; message: string };

type SearchRequest =
	| { kind: "configure"; settings: SearchSettings }
	| { kind: "chunk"; id: number; bytes?: Uint8Array; end: boolean }
	| { kind: "cancel"; id: number };

export function searchSettings(
	pattern: LinePattern,
	bounds: Pick<SearchSettings, "context" | "maxMatches" | "maxChars" | "maxLineLength">,
): SearchSettings {
	return {
		scan: { source: pattern.scan.source, flags: pattern.scan.flags },
		line: { source: pattern.line.source, flags: pattern.line.flags },
		...bounds,
	};
}

/**
 * The worker's program. A grep call first sends its settings, then each file's chunks in
 * turn (one at a time per file, files interleaved); they are decoded and fed to the
 * file's `LineSearcher`, and each is answered with `more` or, at the file's end or once
 * enough lines matched, the records. It runs from its source text, so it uses nothing of
 * this module's scope: what it needs comes in as arguments.
 */
function searchWorkerMain(port: MessagePort, Searcher: typeof LineSearcher, clip: ClipExcerpt): void {
	let settings: SearchSettings | undefined;
	let scan = /$^/;
	let line = /$^/;
	const files = new Map<number, { searcher: LineSearcher; decoder: InstanceType<typeof TextDecoder> }>();
	// Each answer goes out at once: held back for a batch, it could wait behind a match that never ends.
	const answer = (reply: SearchReply) => port.postMessage(reply);
	const handle = (request: SearchRequest) => {
		if (request.kind === "configure") {
			settings = request.settings;
			scan = new RegExp(settings.scan.source, settings.scan.flags);
			line = new RegExp(settings.line.source, settings.line.flags);
			files.clear();
			return;
		}
		const id = request.id;
		if (request.kind === "cancel" || settings === undefined) {
			files.delete(id);
			return;
		}
		try {
			let file = files.get(id);
			if (file === undefined) {
				// Regexes keep scan state: each file gets its own.
				const searcher = new Searcher(
					{ scan: new RegExp(scan), line: new RegExp(line) },
					{
						context: settings.context,
						maxMatches: settings.maxMatches,
						maxChars: settings.maxChars,
						maxLineLength: settings.maxLineLength,
						clip,
					},
				);
				file = { searcher, decoder: new TextDecoder("utf-8") };
				files.set(id, file);
			}
			const { searcher, decoder } = file;
			if (request.bytes) searcher.push(decoder.decode(request.bytes, { stream: !request.end }));
			else if (request.end) searcher.push(decoder.decode());
			if (request.end) searcher.end();
			if (request.end || searcher.done) {
				files.delete(id);
				answer({ id, kind: "result", records: searcher.records, more: !request.end });
			} else answer({ id, kind: "more" });
		} catch (error) {
			files.delete(id);
			answer({ id, kind: "failed", message: error instanceof Error ? error.message : String(error) });
		}
	};
	port.on("message", (requests: SearchRequest[]) => {
		for (const request of requests) handle(request);
	});
}

let workerSource: string | undefined;

/**
 * The worker's code as text, built from the functions themselves: a separate file would
 * not survive bundling (the CLI's bundle is one file plus chunks). Every part is declared
 * under its own (possibly minified) name, which is the name the other parts call it by.
 */
function sourceOfWorker(): string {
	const declare = (part: { name: string; toString(): string }) => `const ${part.name} = ${part.toString()};`;
	workerSource ??= [
		'"use strict";',
		'const { parentPort } = require("node:worker_threads");',
		...[isLowSurrogate, clipExcerpt, ...lineSearcherParts, searchWorkerMain].map(declare),
		`${searchWorkerMain.name}(parentPort, ${LineSearcher.name}, ${clipExcerpt.name});`,
	].join("\n");
	return workerSource;
}

/** The worker could not run (it failed to start, crashed, or ran out of memory). */
export class SearchWorkerError extends Error {
	constructor(message: string, options?: ErrorOptions) {
		super(message, options);
		this.name = "SearchWorkerError";
	}
}

interface Waiter {
	resolve(reply: SearchReply): void;
	reject(error: unknown): void;
}

/** A worker thread and the answers awaited from it. */
class SearchThread {
	readonly worker: Worker;
	/** Per file, the answer awaited (a file has one message in flight at most), oldest first. */
	readonly waiting = new Map<number, Waiter>();
	failure: unknown;
	private nextId = 0;
	private outbox: SearchRequest[] = [];
	private transfers: ArrayBuffer[] = [];

	constructor() {
		this.worker = new Worker(sourceOfWorker(), {
			eval: true,
			// What a search holds is bounded (windows of long lines, records up to the output
			// bound): a small heap keeps garbage collection prompt.
			resourceLimits: { maxOldGenerationSizeMb: 256 },
		});
		this.worker.on("message", (reply: SearchReply) => {
			const waiter = this.waiting.get(reply.id);
			if (!waiter) return;
			this.waiting.delete(reply.id);
			waiter.resolve(reply);
		});
		this.worker.on("error", (error) =>
			this.fail(new SearchWorkerError(`grep's search worker failed: ${error.message}`, { cause: error })),
		);
		this.worker.on("exit", (code) =>
			this.fail(new SearchWorkerError(`grep's search worker stopped (exit code ${code}).`)),
		);
	}

	newId(): number {
		return this.nextId++;
	}

	/** Queues a request; those queued in one turn of the event loop go out as one message. */
	post(request: SearchRequest, transfer?: ArrayBuffer): void {
		if (this.outbox.push(request) === 1) setImmediate(() => this.flush());
		if (transfer) this.transfers.push(transfer);
	}

	private flush(): void {
		if (this.failure === undefined) this.worker.postMessage(this.outbox, this.transfers);
		this.outbox = [];
		this.transfers = [];
	}

	fail(reason: unknown): void {
		this.failure ??= reason;
		for (const waiter of this.waiting.values()) waiter.reject(this.failure);
		this.waiting.clear();
	}

	async terminate(reason: unknown): Promise<void> {
		this.fail(reason);
		await this.worker.terminate();
	}
}

/** How long an idle worker is kept for the next grep call. */
const IDLE_MS = 30_000;

/**
 * Worker threads for a grep tool's calls. Matching runs off the event loop, so that no
 * pattern can block it: a pattern that would backtrack for hours is stopped by
 * terminating its worker (on abort, or at grep's time limit), which ends even a match
 * that is running. One idle worker is kept a while (not holding the process open), so
 * that a call does not wait for a thread to start.
 */
export class SearchWorkerPool {
	private idle: SearchThread | undefined;
	private idleTimer: ReturnType<typeof setTimeout> | undefined;

	/** A session on a worker of its own for one grep call. */
	start(settings: SearchSettings): SearchSession {
		let thread = this.idle;
		this.idle = undefined;
		clearTimeout(this.idleTimer);
		if (thread === undefined || thread.failure !== undefined) thread = new SearchThread();
		thread.worker.ref();
		thread.post({ kind: "configure", settings });
		return new SearchSession(thread, (finished) => this.finished(finished));
	}

	private finished(thread: SearchThread): void {
		if (this.idle !== undefined) {
			void thread.terminate(new Error("grep's search worker is not needed any more.")).catch(() => undefined);
			return;
		}
		thread.worker.unref();
		this.idle = thread;
		this.idleTimer = setTimeout(() => {
			if (this.idle !== thread) return;
			this.idle = undefined;
			void thread.terminate(new Error("grep's search worker was idle.")).catch(() => undefined);
		}, IDLE_MS);
		this.idleTimer.unref();
	}
}

/** One grep call's use of a worker. */
export class SearchSession {
	private closed: { reason: unknown } | undefined;

	constructor(
		private readonly thread: SearchThread,
		private readonly onIdle: (thread: SearchThread) => void,
	) {}

	/** An id for the next file. */
	open(): number {
		return this.thread.newId();
	}

	/** The file whose message the worker is working on, if any. */
	busyWith(): number | undefined {
		return this.thread.waiting.keys().next().value;
	}

	/** Sends a chunk of a file (a copy: the caller keeps its bytes), `end` if it is the last. */
	send(id: number, bytes: Uint8Array | undefined, end: boolean): Promise<SearchReply> {
		if (this.closed) return Promise.reject(this.closed.reason);
		if (this.thread.failure !== undefined) return Promise.reject(this.thread.failure);
		return new Promise((resolve, reject) => {
			this.thread.waiting.set(id, { resolve, reject });
			if (bytes === undefined) this.thread.post({ kind: "chunk", id, end });
			else {
				const copy = bytes.slice();
				this.thread.post({ kind: "chunk", id, bytes: copy, end }, copy.buffer);
			}
		});
	}

	/** Forgets a file left unfinished. */
	cancel(id: number): void {
		if (!this.closed && this.thread.failure === undefined) this.thread.post({ kind: "cancel", id });
	}

	/**
	 * Ends the session: later sends reject with `reason`. A worker with nothing in flight
	 * goes back to the pool; one still working (a match may be running) is terminated,
	 * and what was awaited from it rejects with `reason`.
	 */
	async close(reason: unknown): Promise<void> {
		if (this.closed) return;
		this.closed = { reason };
		if (this.thread.waiting.size === 0 && this.thread.failure === undefined) this.onIdle(this.thread);
		else await this.thread.terminate(reason);
	}
}
