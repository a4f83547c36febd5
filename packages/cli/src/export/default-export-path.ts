import { basename, join } from "node:path";

/**
 * Where an export goes when no file is named: `<session file name without .jsonl>.html`
 * in `cwd`, or `kestrel-session-<id>.html` for a session without a file.
 */
export function defaultExportPath(session: { id: string; path: string | undefined }, cwd: string): string {
	const name = session.path
		? basename(session.path).replace(/\.jsonl$/, "")
		: `kestrel-session-${session.id}`;
	return join(cwd, `${name}.html`);
}
