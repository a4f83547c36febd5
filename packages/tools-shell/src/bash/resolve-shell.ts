import { accessSync, constants } from "node:fs";
import { basename } from "node:path";

// Shells that understand the POSIX syntax models write; fish, nushell, csh and the like do not.
const posixShells = new Set(["bash", "zsh", "sh", "dash", "ksh", "mksh", "ash", "yash"]);
const fallbacks = ["/bin/bash", "/bin/sh"];

/** The shell that runs commands: see `LocalShellOptions.shell`. */
export function resolveShell(
	preferred: string | undefined,
	env: Record<string, string | undefined>,
	isExecutable: (path: string) => boolean = canExecute,
): string {
	if (preferred) return preferred;
	const user = env.SHELL;
	if (user && posixShells.has(basename(user)) && isExecutable(user)) return user;
	return fallbacks.find(isExecutable) ?? "/bin/sh";
}

function canExecute(path: string): boolean {
	try {
		accessSync(path, constants.X_OK);
		return true;
	} catch {
		return false;
	}
}
