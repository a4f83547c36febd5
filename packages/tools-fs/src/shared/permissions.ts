import type { FileStat } from "../types.js";

/** The ids a permission check compares a file's owner and group with; tests pass their own. */
export interface ProcessIdentity {
	uid: number;
	gid: number;
	groups: number[];
}

function currentIdentity(): ProcessIdentity | undefined {
	if (typeof process.getuid !== "function" || typeof process.getgid !== "function") return undefined;
	return { uid: process.getuid(), gid: process.getgid(), groups: process.getgroups?.() ?? [] };
}

/**
 * Why the tools must not replace a file, judged by its permission bits, or `undefined`
 * if they may. `write` and `edit` replace files by renaming a new file over them, which
 * only needs the folder to be writable: without this check they would replace files that
 * a plain write cannot touch. The bits are read rather than tried, since root may write
 * anything: for root, a file nobody may write (0444) still counts as read-only.
 */
export function readOnlyReason(
	stat: FileStat,
	display: string,
	identity: ProcessIdentity | undefined = currentIdentity(),
): string | undefined {
	const mode = stat.mode & 0o7777;
	const octal = `0${(mode & 0o777).toString(8).padStart(3, "0")}`;
	if ((mode & 0o222) === 0) {
		return `${display} is read-only (mode ${octal}), so it was not changed. If it should change, ask the user to make it writable (for example chmod u+w ${display}); do not change its permissions yourself.`;
	}
	if (identity === undefined || identity.uid === 0 || stat.uid === undefined) return undefined;
	let allowed: boolean;
	if (stat.uid === identity.uid) allowed = (mode & 0o200) !== 0;
	else if (stat.gid !== undefined && (stat.gid === identity.gid || identity.groups.includes(stat.gid)))
		allowed = (mode & 0o020) !== 0;
	else allowed = (mode & 0o002) !== 0;
	if (allowed) return undefined;
	return `${display} is not writable by this user (mode ${octal}, owned by uid ${stat.uid}), so it was not changed. If it should change, ask the user about its permissions; do not change them yourself.`;
}
