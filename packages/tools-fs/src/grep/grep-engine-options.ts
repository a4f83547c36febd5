import type { GrepToolDetails } from "../types.js";

/**
 * grep's choice of engine, beside `GrepToolOptions`. The output is the same from both
 * engines; ripgrep is faster on the local disk.
 */
export interface GrepEngineOptions {
	/**
	 * - `"auto"` (the default): ripgrep searches folders when the file operations are the
	 *   tool's own local-disk ones (no `operations` given);
	 * - `"ripgrep"`: ripgrep searches folders whatever `operations` are: say so only when
	 *   they are the local disk as `createLocalFileOperations()` makes it, since ripgrep
	 *   reads the disk itself;
	 * - `"javascript"`: never ripgrep.
	 *
	 * Either way the JavaScript engine searches single files, and folders whenever
	 * ripgrep is missing or could read the pattern or glob differently (look-around,
	 * backreferences, extglobs, …).
	 */
	engine?: "auto" | "ripgrep" | "javascript";
	/** The `rg` binary to run. Default: the one `@vscode/ripgrep` installs. */
	ripgrepPath?: string;
}

/** `GrepToolDetails` and which engine searched the folder (absent for a single file or an early error). */
export interface GrepDetails extends GrepToolDetails {
	engine?: "ripgrep" | "javascript";
}
