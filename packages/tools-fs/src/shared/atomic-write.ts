import { randomBytes } from "node:crypto";
import * as nodePath from "node:path";
import type { ConfineOptions, FileOperations } from "../types.js";

/**
 * Replaces a file so that readers see the old content or the new, never a part: the data
 * goes to a temporary file next to the target, which is then renamed over it. On any
 * failure the temporary file is removed and the target is untouched.
 *
 * `mode` (the previous file's) is set on the temporary file explicitly, since the mode
 * given at creation is narrowed by the process umask. `confine` goes to every call.
 */
export async function writeFileAtomic(
	operations: FileOperations,
	path: string,
	data: Uint8Array,
	mode?: number,
	confine?: ConfineOptions["confine"],
): Promise<void> {
	const temporary = nodePath.join(
		nodePath.dirname(path),
		`.${nodePath.basename(path)}.${randomBytes(6).toString("hex")}.tmp`,
	);
	const confined: ConfineOptions | undefined = confine && { confine };
	try {
		await operations.writeFile(temporary, data, { ...(mode !== undefined && { mode }), ...confined });
		if (mode !== undefined) await operations.chmod(temporary, mode, confined);
		await operations.rename(temporary, path, confined);
	} catch (error) {
		await operations.remove(temporary, confined).catch(() => undefined);
		throw error;
	}
}
