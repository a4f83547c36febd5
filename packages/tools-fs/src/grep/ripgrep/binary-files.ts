import { spawn } from "node:child_process";
import * as nodePath from "node:path";
import { looksBinary, SNIFF_BYTES } from "../../content/detect.js";
import type { FileOperations } from "../../types.js";

/**
 * Bytes that a file `looksBinary` for must have: a NUL or another control character
 * (not tab, line breaks, form feed or escape), or a UTF-16 byte-order mark at its start.
 */
const CANDIDATE = "(?-u)[\\x00-\\x08\\x0E-\\x1A\\x1C-\\x1F]|^(?:\\xFF\\xFE|\\xFE\\xFF)";

export interface BinaryCount {
	rgPath: string;
	cwd: string;
	/** The folder ripgrep runs in, by a path `operations` can read. */
	folder: string;
	/** ripgrep's file selection (`selectionArguments`). */
	selection: string[];
	operations: FileOperations;
	confine: ((realPath: string) => void) | undefined;
	signal: AbortSignal;
}

/**
 * The files of a search that the JavaScript engine skips as binary, by relative path:
 * ripgrep lists the files holding a byte that a binary file must have, and the ones
 * among them that `looksBinary` (the JavaScript engine's test) are kept. `undefined`
 * if ripgrep failed. Run when nothing matched, for the note on binary files.
 */
export async function binaryFiles(count: BinaryCount): Promise<string[] | undefined> {
	const listed = await listFiles(count);
	if (listed === undefined) return undefined;
	const binary: string[] = [];
	for (const relative of listed) {
		count.signal.throwIfAborted();
		const path = nodePath.join(count.folder, relative);
		try {
			const chunks = count.operations.readStream(path, {
				chunkSize: SNIFF_BYTES,
				signal: count.signal,
				...(count.confine && { confine: count.confine }),
			});
			for await (const chunk of chunks) {
				if (looksBinary(chunk.subarray(0, SNIFF_BYTES))) binary.push(relative);
				break;
			}
		} catch {
			// Unreadable: skipped, as the JavaScript engine skips it.
		}
	}
	return binary;
}

function listFiles(count: BinaryCount): Promise<string[] | undefined> {
	const args = [...count.selection, "--files-with-matches", "--text", "--null", "--regexp", CANDIDATE, "."];
	return new Promise((resolve, reject) => {
		const child = spawn(count.rgPath, args, { cwd: count.cwd, stdio: ["ignore", "pipe", "ignore"] });
		const chunks: Buffer[] = [];
		const kill = () => child.kill("SIGKILL");
		count.signal.addEventListener("abort", kill, { once: true });
		child.stdout.on("data", (chunk: Buffer) => chunks.push(chunk));
		child.on("error", () => resolve(undefined));
		child.on("close", (code) => {
			count.signal.removeEventListener("abort", kill);
			if (count.signal.aborted) return reject(count.signal.reason);
			// 1: no file listed; 2 with a list: some files could not be read.
			if (code !== 0 && code !== 1 && code !== 2) return resolve(undefined);
			const names = new TextDecoder().decode(Buffer.concat(chunks)).split("\0");
			resolve(
				names.filter((name) => name !== "").map((name) => (name.startsWith("./") ? name.slice(2) : name)),
			);
		});
	});
}
