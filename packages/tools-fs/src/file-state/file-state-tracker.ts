import { createHash } from "node:crypto";

/** What a tool saw of a file when it last read or wrote it. */
export interface FileSnapshot {
	mtimeMs: number;
	size: number;
	/** SHA-256 of the content, when the tool saw all of it. */
	sha256?: string;
}

/**
 * Remembers, per real path, the state in which this agent last read or wrote each file,
 * so that `write` can refuse to overwrite a file that someone changed since. The read
 * tool records, the write and edit tools record and check. Create one per agent (or per
 * session) and pass it to the tools that work together; `createFsTools` does.
 */
export class FileStateTracker {
	private readonly snapshots = new Map<string, FileSnapshot>();

	get(path: string): FileSnapshot | undefined {
		return this.snapshots.get(path);
	}

	record(path: string, snapshot: FileSnapshot): void {
		this.snapshots.set(path, snapshot);
	}

	forget(path: string): void {
		this.snapshots.delete(path);
	}

	/** Every tracked path, for persistence or debugging. */
	paths(): string[] {
		return [...this.snapshots.keys()];
	}
}

export function sha256(data: Uint8Array): string {
	return createHash("sha256").update(data).digest("hex");
}
