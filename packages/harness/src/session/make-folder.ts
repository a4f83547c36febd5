import { mkdir } from "node:fs/promises";

/** How long creating a session folder may take before it is given up on. */
export const MAKE_FOLDER_TIMEOUT_MS = 10_000;

/** Options of {@link makeFolder}; `mkdir` is replaceable for tests. */
export interface MakeFolderOptions {
	timeoutMs?: number;
	mkdir?: (path: string, options: { recursive: true }) => Promise<unknown>;
}

/**
 * Creates `dir` and its parents, or fails with an error that names it. Bounded in time:
 * Node's recursive `mkdir` never settles under some paths (`/proc/self/x/y` on Linux
 * loops in the thread pool), and a run must not hang on it.
 */
export async function makeFolder(dir: string, options: MakeFolderOptions = {}): Promise<void> {
	const timeoutMs = options.timeoutMs ?? MAKE_FOLDER_TIMEOUT_MS;
	const create = options.mkdir ?? mkdir;
	let timer: NodeJS.Timeout | undefined;
	const timedOut = new Promise<"timed-out">((resolve) => {
		timer = setTimeout(() => resolve("timed-out"), timeoutMs);
	});
	let outcome: "created" | "timed-out";
	try {
		outcome = await Promise.race([create(dir, { recursive: true }).then(() => "created" as const), timedOut]);
	} catch (error) {
		throw new Error(`Cannot create the session folder ${dir}: ${(error as Error).message}`, { cause: error });
	} finally {
		clearTimeout(timer);
	}
	if (outcome === "timed-out") {
		throw new Error(`Cannot create the session folder ${dir}: no answer within ${timeoutMs} ms.`);
	}
}
