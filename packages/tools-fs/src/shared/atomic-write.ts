import { randomBytes } from "node:crypto";
import * as nodePath from "node:path";
import type { FileOperations } from "../types.js";

/**
 * Replaces a file so that readers see the old content or the new, never a part: the data
 * goes to a temporary file next to the target, which is then renamed over it. On any
 * failure the temporary file is removed and the target is untouched.
 *
 * `mode` (the previous file's) is set on the temporary file explicitly, since the mode
 * given at creation is narrowed by the process umask.
 */
export async function writeFileAtomic(
	operations: FileOperations,
	path: string,
	data: Uint8Array,
	mode?: number,
): Promise<void> {
	const temporary = nodePath.join(
		nodePath.dirname(path),
		`.${nodePath.basename(path)}.${randomBytes(6).toString("hex")}.tmp`,
	);
	try {
		await operations.writeFile(temporary, data, mode === undefined ? undefined : { mode });
		if (mode !== undefined) await operations.chmod(temporary, mode);
		await operations.rename(temporary, path);
	} catch (error) {
		await operations.remove(temporary).catch(() => undefined);
		throw error;
	}
}
