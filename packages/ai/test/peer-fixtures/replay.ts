import type { ScriptedResponse } from "../../src/testing/wire-server/server.js";
import type { KnownApi, Model, ProviderImplementation } from "../../src/types.js";
import type { Outcome } from "./outcome.js";
import type { RecordingFile } from "./recordings.js";

/** One response of a recording: what the wire server sends, and what Kestrel should make of it. */
export interface Replay {
	response: ScriptedResponse;
	expected: Outcome;
}

/**
 * Everything the replay needs to know about one wire API: the real provider, a model
 * pointed at the loopback server, and a reference reader that turns a recording into the
 * bytes the API sends plus the outcome derived from it. The reader is written from the
 * API's wire format, independently of the provider; where Kestrel deliberately differs
 * from a plain reading of the wire, the reader says so in a commented rule.
 */
export interface WireReference {
	api: KnownApi;
	provider: ProviderImplementation;
	model(serverUrl: string): Model;
	replays(file: RecordingFile): Replay[];
}

/** A JSON error body served with `status`, as the API answers a request it rejects. */
export function httpError(status: number, bytes: Buffer): ScriptedResponse {
	return { status, headers: { "content-type": "application/json" }, body: new Uint8Array(bytes) };
}

/** Splits `items` after each one `isLast` accepts; a non-empty rest is a last, unfinished part. */
export function splitAfter<T>(items: readonly T[], isLast: (item: T) => boolean): T[][] {
	const parts: T[][] = [];
	let current: T[] = [];
	for (const item of items) {
		current.push(item);
		if (isLast(item)) {
			parts.push(current);
			current = [];
		}
	}
	if (current.length > 0) parts.push(current);
	return parts;
}
