import type { ConfineOptions, FileOperations, FileStat } from "../types.js";
import { type FileStateTracker, sha256 } from "./file-state-tracker.js";

/** Files up to this size are compared by content hash. */
const MAX_HASHED_BYTES = 16 * 1024 * 1024;

export type Freshness = { state: "fresh" } | { state: "unread" } | { state: "stale"; reason: string };

/**
 * Whether an existing file is as this agent last saw it. When the content hash of the
 * last read or write is known (files up to 16 MB), the content decides: a `touch` is
 * forgiven, and a same-size change within the time stamp's granularity is still caught.
 * Otherwise, same size and modification time mean unchanged.
 */
export async function checkFreshness(
	operations: FileOperations,
	tracker: FileStateTracker,
	path: string,
	current: FileStat,
	confine?: ConfineOptions["confine"],
): Promise<Freshness> {
	const snapshot = tracker.get(path);
	if (!snapshot) return { state: "unread" };
	const unchangedStamp = snapshot.mtimeMs === current.mtimeMs && snapshot.size === current.size;
	if (snapshot.sha256 !== undefined && current.size === snapshot.size && current.size <= MAX_HASHED_BYTES) {
		const hash = sha256(await operations.readFile(path, undefined, confine && { confine }));
		if (hash === snapshot.sha256) {
			if (!unchangedStamp) {
				tracker.record(path, { mtimeMs: current.mtimeMs, size: current.size, sha256: hash });
			}
			return { state: "fresh" };
		}
		return { state: "stale", reason: "its content changed" };
	}
	if (unchangedStamp) return { state: "fresh" };
	const reason =
		current.size !== snapshot.size
			? `its size went from ${snapshot.size} to ${current.size} bytes`
			: "its content changed";
	return { state: "stale", reason };
}
