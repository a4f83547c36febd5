import { homedir } from "node:os";
import { join, resolve } from "node:path";

/**
 * Kestrel's global folder: `$KESTREL_HOME` when set, else `~/.kestrel`. Settings,
 * context files, `models.json` and sessions live there.
 */
export function kestrelHome(env: NodeJS.ProcessEnv = process.env): string {
	const fromEnv = env.KESTREL_HOME?.trim();
	return fromEnv ? resolve(fromEnv) : join(homedir(), ".kestrel");
}

/** A folder name for a working directory: readable, unique per path, safe on every filesystem. */
export function cwdSlug(cwd: string): string {
	const readable = resolve(cwd)
		.replace(/^[A-Za-z]:/, "")
		.replace(/[\\/:]+/g, "-")
		.replace(/[^A-Za-z0-9._-]/g, "_")
		.replace(/^-+|-+$/g, "");
	return `--${readable || "root"}--`;
}

/** Where the sessions of `cwd` are kept by default: `<home>/sessions/<slug of cwd>`. */
export function defaultSessionDir(cwd: string, home: string = kestrelHome()): string {
	return join(home, "sessions", cwdSlug(cwd));
}
