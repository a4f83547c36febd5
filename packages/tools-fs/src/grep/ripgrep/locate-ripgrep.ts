import { access, constants } from "node:fs/promises";

let bundled: Promise<string | undefined> | undefined;

/**
 * The path of the `rg` binary that `@vscode/ripgrep` ships for this platform, or
 * `undefined` when the package or its platform binary is missing (an unsupported
 * platform, optional dependencies left out, a bundle without it). Looked up once.
 */
export function bundledRipgrep(): Promise<string | undefined> {
	bundled ??= import("@vscode/ripgrep").then(
		(module) => executable(module.rgPath),
		() => undefined,
	);
	return bundled;
}

/** `path` if it names a file this process may run, else `undefined`. */
export async function executable(path: string): Promise<string | undefined> {
	try {
		await access(path, constants.X_OK);
		return path;
	} catch {
		return undefined;
	}
}
