import { homedir } from "node:os";
import { sep } from "node:path";

/**
 * The line the interactive mode opens with: the model, the folder (`~` for the home
 * folder) and how to get help.
 * `kestrel · wire/claude-wire · ~/src/app · /help for help, / for commands, @ to attach files`.
 */
export function welcomeLine(model: string, cwd: string, home: string = homedir()): string {
	return ["kestrel", model, shortFolder(cwd, home), "/help for help, / for commands, @ to attach files"].join(
		" · ",
	);
}

/** `cwd` with the home folder written `~`. */
export function shortFolder(cwd: string, home: string): string {
	if (home === "" || home === sep) return cwd;
	if (cwd === home) return "~";
	return cwd.startsWith(home + sep) ? `~${cwd.slice(home.length)}` : cwd;
}
