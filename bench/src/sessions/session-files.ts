/**
 * Writes one transcript as a session file in each framework's own format, entry for entry,
 * with the same ids, parent links, timestamps and messages:
 *
 * | item | Kestrel (format 2) | pi-coding-agent (format 3) |
 * | --- | --- | --- |
 * | message | `message` | `message` |
 * | model change | `model_change` with `modelId` and `api` | `model_change` with `modelId` |
 * | thinking level | `thinking_level_change` | `thinking_level_change` |
 * | compaction | `compaction` with `tokensAfter`, `reason`, `method`, `files` | `compaction` with `details: { readFiles, modifiedFiles }` |
 * | name | `session_name` annotation (no parent) | `session_info` tree entry |
 *
 * Lines are `JSON.stringify` of the typed entry objects, written straight to the file
 * (faster than appending 50,000 entries through either API, and byte-for-byte what their
 * own writers produce: one JSON object and `\n` per entry).
 */
import { closeSync, openSync, writeSync } from "node:fs";
import { join } from "node:path";
import type { SessionEntry as KestrelEntry, SessionHeader as KestrelHeader } from "@kestrel/harness";
import type { SessionEntry as PiEntry, SessionHeader as PiHeader } from "@mariozechner/pi-coding-agent";
import type { Transcript, TranscriptItem } from "./transcript.js";

/** 8 hexadecimal characters, distinct for every index below 2^32 (an odd multiplier is a bijection). */
export function entryId(index: number): string {
	return (Math.imul(index + 1, 0x9e3779b1) >>> 0).toString(16).padStart(8, "0");
}

/** A UUID-shaped session id derived from `seed`. */
export function sessionId(seed: number): string {
	const hex = (value: number) => (Math.imul(value, 0x85ebca6b) >>> 0).toString(16).padStart(8, "0");
	const a = hex(seed + 1);
	const b = hex(seed + 7919);
	return `${a}-${b.slice(0, 4)}-7${b.slice(5, 8)}-8${a.slice(1, 4)}-${hex(seed + 104_729)}${b.slice(0, 4)}`;
}

/** `<ISO time with : and . replaced by ->_<id>.jsonl`: the file name both frameworks use. */
export function sessionFileName(startMs: number, id: string): string {
	return `${new Date(startMs).toISOString().replace(/[:.]/g, "-")}_${id}.jsonl`;
}

export interface SessionSpec {
	transcript: Transcript;
	id: string;
	cwd: string;
}

type Format = "kestrel" | "pi";

function kestrelEntry(
	item: TranscriptItem,
	id: string,
	parentId: string | null,
	timestamp: string,
): KestrelEntry {
	switch (item.kind) {
		case "message":
			return { type: "message", id, parentId, timestamp, message: item.message };
		case "model_change":
			return {
				type: "model_change",
				id,
				parentId,
				timestamp,
				provider: item.provider,
				modelId: item.modelId,
				api: item.api,
			};
		case "thinking_level_change":
			return { type: "thinking_level_change", id, parentId, timestamp, thinkingLevel: item.thinkingLevel };
		case "compaction":
			return {
				type: "compaction",
				id,
				parentId,
				timestamp,
				summary: item.summary,
				firstKeptEntryId: entryId(item.firstKept),
				tokensBefore: item.tokensBefore,
				tokensAfter: item.tokensAfter,
				reason: "threshold",
				method: "summary",
				files: item.files,
			};
		case "name":
			return { type: "session_name", id, timestamp, name: item.name };
	}
}

function piEntry(item: TranscriptItem, id: string, parentId: string | null, timestamp: string): PiEntry {
	switch (item.kind) {
		case "message":
			// pi-ai's message types are the same shapes as @kestrel/ai's (its reference design).
			return { type: "message", id, parentId, timestamp, message: item.message as never };
		case "model_change":
			return {
				type: "model_change",
				id,
				parentId,
				timestamp,
				provider: item.provider,
				modelId: item.modelId,
			};
		case "thinking_level_change":
			return { type: "thinking_level_change", id, parentId, timestamp, thinkingLevel: item.thinkingLevel };
		case "compaction":
			return {
				type: "compaction",
				id,
				parentId,
				timestamp,
				summary: item.summary,
				firstKeptEntryId: entryId(item.firstKept),
				tokensBefore: item.tokensBefore,
				details: { readFiles: item.files.read, modifiedFiles: item.files.modified },
				fromHook: false,
			};
		case "name":
			return { type: "session_info", id, parentId, timestamp, name: item.name };
	}
}

/** Writes `spec` in `format` into `dir`; returns the file's path. */
export function writeSessionFile(format: Format, dir: string, spec: SessionSpec): string {
	const { transcript, id, cwd } = spec;
	const path = join(dir, sessionFileName(transcript.startMs, id));
	const created = new Date(transcript.startMs).toISOString();
	const header: KestrelHeader | PiHeader =
		format === "kestrel"
			? { type: "session", version: 2, id, timestamp: created, cwd }
			: { type: "session", version: 3, id, timestamp: created, cwd };
	const fd = openSync(path, "w");
	try {
		let chunk = `${JSON.stringify(header)}\n`;
		let parentId: string | null = null;
		transcript.items.forEach((item, index) => {
			const id = entryId(index);
			const timestamp = new Date(transcript.startMs + (index + 1) * 1000).toISOString();
			const entry =
				format === "kestrel"
					? kestrelEntry(item, id, parentId, timestamp)
					: piEntry(item, id, parentId, timestamp);
			chunk += `${JSON.stringify(entry)}\n`;
			// A Kestrel annotation is not a tree entry: the next entry's parent stays the same.
			if (!(format === "kestrel" && item.kind === "name")) parentId = id;
			if (chunk.length > 1 << 20) {
				writeSync(fd, chunk);
				chunk = "";
			}
		});
		writeSync(fd, chunk);
	} finally {
		closeSync(fd);
	}
	return path;
}
