/** The file name of a new session: `<ISO time with ":" and "." replaced by "-">_<id>.jsonl`. */
export function sessionFileName(id: string, created: Date): string {
	return `${created.toISOString().replace(/[:.]/g, "-")}_${id}.jsonl`;
}

/** Whether a folder entry is a session file (as opposed to the index, locks, backups, blobs). */
export function isSessionFileName(name: string): boolean {
	return name.endsWith(".jsonl");
}
