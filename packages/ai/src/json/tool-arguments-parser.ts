import type { ToolArgumentsError } from "../types.js";
import { LiveJsonObject } from "./live-json.js";
import { JsonRepairStream, repairJson } from "./repair-json.js";

/** The final arguments of a tool call; `error` only when they could not be parsed. */
export interface ToolArgumentsResult {
	arguments: Record<string, unknown>;
	error?: ToolArgumentsError;
}

/**
 * Incremental parser for streamed tool-call arguments.
 *
 * Each delta goes once through the streaming repair (so raw newlines and bad escapes,
 * common in model output, do not stop the live view) and once through `LiveJsonObject`,
 * which keeps the object being received up to date: `value` is that object, with the
 * string being received written into it after every push. `finish()` does not trust the
 * live object; it parses the joined text exactly once with `JSON.parse`.
 */
export class ToolArgumentsParser {
	private readonly chunks: string[] = [];
	private readonly repair = new JsonRepairStream();
	private readonly live = new LiveJsonObject();
	private counted = 0;
	private result: ToolArgumentsResult | undefined;

	/** Feed one streamed delta. Costs O(delta.length) amortised. Ignored after `finish()`. */
	push(delta: string): void {
		if (this.result || delta.length === 0) return;
		this.chunks.push(delta);
		// Keep the last good value after an error: the live view is not fed any further.
		if (this.live.failed) return;
		const before = this.repair.work;
		const repaired = this.repair.push(delta);
		this.counted += this.repair.work - before + repaired.length;
		if (repaired.length > 0) this.counted += this.live.push(repaired);
	}

	/**
	 * The best current view of the arguments: a live object, mutated by later pushes. `{}`
	 * until the top-level `{` arrives, and for ever if the top-level value is not an object.
	 * A string being received appears with the text so far; an unfinished number or literal
	 * is absent until it completes; objects and arrays appear when they open.
	 */
	get value(): Record<string, unknown> {
		return this.live.root ?? {};
	}

	/**
	 * Units of work so far: characters examined by the repair pass, characters handed to the
	 * live reader, values it placed, and at `finish()` the join and every parse pass.
	 */
	get work(): number {
		return this.counted;
	}

	/**
	 * End of stream: one exact `JSON.parse` of the whole text, the repair fallback if that
	 * fails. Never throws; the result is computed once and returned again on later calls.
	 */
	finish(): ToolArgumentsResult {
		if (!this.result) {
			const text = this.chunks.join("");
			this.chunks.length = 0;
			this.counted += text.length;
			this.result = parseFinal(text, (chars) => {
				this.counted += chars;
			});
		}
		return this.result;
	}
}

/** The final step alone, for providers that receive the whole argument string at once. */
export function parseToolArguments(text: string): ToolArgumentsResult {
	return parseFinal(text, () => {});
}

function parseFinal(text: string, count: (chars: number) => void): ToolArgumentsResult {
	count(text.length);
	if (text.trim() === "") return { arguments: {} };
	count(text.length);
	const first = tryParse(text);
	if (first.ok) return { arguments: first.value };
	count(text.length);
	const repaired = repairJson(text);
	// Valid JSON comes back from the repair unchanged: nothing to gain by parsing it again.
	if (repaired === text) return { arguments: {}, error: { message: first.message, raw: text } };
	count(repaired.length);
	const second = tryParse(repaired);
	if (second.ok) return { arguments: second.value };
	return {
		arguments: {},
		error: { message: `${second.message} (after repairing escapes and control characters)`, raw: text },
	};
}

type ParseAttempt = { ok: true; value: Record<string, unknown> } | { ok: false; message: string };

function tryParse(text: string): ParseAttempt {
	let value: unknown;
	try {
		value = JSON.parse(text);
	} catch (error) {
		return { ok: false, message: error instanceof Error ? error.message : String(error) };
	}
	if (isObject(value)) return { ok: true, value };
	const kind = value === null ? "null" : Array.isArray(value) ? "an array" : `a ${typeof value}`;
	return { ok: false, message: `Tool arguments must be a JSON object, got ${kind}` };
}

function isObject(value: unknown): value is Record<string, unknown> {
	return typeof value === "object" && value !== null && !Array.isArray(value);
}
