import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * Where the third-party recordings live: `$PEER_FIXTURES`, else `../shared/peer-fixtures`
 * beside the repository. They are read from there and never copied into the repository
 * (see that folder's SOURCES.md for what each file is and its licence).
 */
export interface PeerFolder {
	path: string;
	/** Why the replay is skipped; undefined when the folder is there. */
	missing?: string;
}

const REPOSITORY_ROOT = fileURLToPath(new URL("../../../../", import.meta.url));

export function peerFixturesFolder(): PeerFolder {
	const fromEnv = process.env.PEER_FIXTURES;
	const path = resolve(REPOSITORY_ROOT, fromEnv || "../shared/peer-fixtures");
	if (existsSync(path) && statSync(path).isDirectory()) return { path };
	const missing = fromEnv
		? `PEER_FIXTURES points to ${path}, which is not a folder; point it at the peer-fixtures folder to run the replay`
		: `no folder at ${path}; set PEER_FIXTURES to the peer-fixtures folder to run the replay`;
	return { path, missing };
}

/** One recorded file: `<api>/<source>/<file>` under the folder. */
export interface RecordingFile {
	/** The path under the folder, e.g. `anthropic-messages/vercel-anthropic/anthropic-text.chunks.txt`. */
	name: string;
	/** The file's bytes, as recorded. */
	bytes: Buffer;
}

/** The recordings of one wire API, sorted by path; none when the folder is missing. */
export function recordingsOf(folder: PeerFolder, api: string): RecordingFile[] {
	if (folder.missing) return [];
	const apiFolder = join(folder.path, api);
	if (!existsSync(apiFolder)) return [];
	const files: RecordingFile[] = [];
	for (const source of readdirSync(apiFolder).sort()) {
		const sourceFolder = join(apiFolder, source);
		if (!statSync(sourceFolder).isDirectory()) continue;
		for (const file of readdirSync(sourceFolder).sort()) {
			if (!isRecording(file)) continue;
			files.push({ name: `${api}/${source}/${file}`, bytes: readFileSync(join(sourceFolder, file)) });
		}
	}
	return files;
}

/** `*.chunks.txt` (one JSON chunk a line), `streaming-*.txt` (an SSE body), `*.json` (an error body). */
function isRecording(file: string): boolean {
	return file.endsWith(".chunks.txt") || file.endsWith(".json") || /^streaming-.*\.txt$/.test(file);
}

/** The JSON objects of a `*.chunks.txt` file, one a line, with each line's text as recorded. */
export function chunkLines(bytes: Buffer): { line: string; chunk: Record<string, unknown> }[] {
	return bytes
		.toString("utf8")
		.split("\n")
		.filter((line) => line.trim() !== "")
		.map((line) => ({ line, chunk: JSON.parse(line) as Record<string, unknown> }));
}

/** The body of a recorded HTTP error (`{"error": …}`), or undefined when the file is not one. */
export function errorBody(bytes: Buffer): { error: Record<string, unknown> } | undefined {
	try {
		const parsed: unknown = JSON.parse(bytes.toString("utf8"));
		const error = (parsed as { error?: unknown } | null)?.error;
		return typeof error === "object" && error !== null
			? { error: error as Record<string, unknown> }
			: undefined;
	} catch {
		return undefined;
	}
}
