import { lstat, readFile, readlink, realpath, stat } from "node:fs/promises";
import { homedir } from "node:os";
import { basename, dirname, join, resolve, sep } from "node:path";
import type { CallEffect } from "@kestrel/agent-core";

/** Where a call's paths are resolved, and where Kestrel keeps its own files. */
export interface ProtectionContext {
	/** The workspace: relative paths are resolved against it. */
	cwd: string;
	/** Kestrel's global folder (`$KESTREL_HOME` or `~/.kestrel`): settings, trust list, keys, sessions. */
	home: string;
	/** What `~` means in a path. Default: the user's home folder. */
	userHome?: string;
}

/** Folders whose contents run by themselves or configure Kestrel, with why (any depth). */
const PROTECTED_FOLDERS: ReadonlyMap<string, string> = new Map([
	[".kestrel", "it is Kestrel's own configuration (settings decide what runs unasked)"],
	[".git", "git runs what is in .git by itself (hooks, and config such as core.hooksPath or core.fsmonitor)"],
	[".husky", "it holds git hooks, which run at the next git command"],
	[".vscode", "the editor runs tasks and settings from it when the folder is opened"],
	[".idea", "the editor runs configurations from it when the folder is opened"],
]);

/** Files that other programs run or load by themselves, with why. */
const PROTECTED_FILES: ReadonlyMap<string, string> = new Map([
	[".envrc", "direnv runs it when a shell enters the folder"],
	[".npmrc", "npm reads it on every run, and it can name programs to execute"],
	[".yarnrc", "yarn reads it on every run, and it can name programs to execute"],
	[".yarnrc.yml", "yarn reads it on every run, and it can name programs to execute"],
	[".pnpmfile.cjs", "pnpm runs it on install"],
	[".gitmodules", "git reads it when submodules are updated"],
	[".gitconfig", "git reads it on every command, and it can name programs to execute"],
	[".bashrc", "the shell runs it at start"],
	[".bash_profile", "the shell runs it at start"],
	[".bash_login", "the shell runs it at start"],
	[".profile", "the shell runs it at start"],
	[".zshrc", "the shell runs it at start"],
	[".zshenv", "the shell runs it at start"],
	[".zprofile", "the shell runs it at start"],
	[".zlogin", "the shell runs it at start"],
]);

/**
 * Why a file change needs the user's approval whatever `--approve` says, or `undefined`
 * when it is an ordinary file. Decided from the path written, as named and with symbolic
 * links resolved (a link into `.git` is `.git`), and from what the change does:
 *
 * - Kestrel's configuration: a `.kestrel` folder at any depth, and Kestrel's global folder;
 * - what runs code by itself: `.git`, `.husky`, `.vscode`, `.idea` at any depth, files such
 *   as `.envrc`, `.npmrc`, shell start-up files ({@link PROTECTED_FILES}), and any existing
 *   file with an execute bit (scripts, and hooks wherever `core.hooksPath` points);
 * - `package.json` when the change adds, removes or alters its `scripts` (npm runs some
 *   of them on install), or when that cannot be told.
 */
export async function protectedWriteReason(
	effect: Extract<CallEffect, { kind: "write" }>,
	context: ProtectionContext,
): Promise<string | undefined> {
	const userHome = context.userHome ?? homedir();
	const path = effect.change.path;
	const named = path === "~" || path.startsWith("~/") ? join(userHome, path.slice(1)) : path;
	const absolute = resolve(context.cwd, named);
	const real = await realOfDeepestExisting(absolute);
	const kestrelHomes = new Set([resolve(context.home), await realOfDeepestExisting(resolve(context.home))]);
	const workspaces = new Set([resolve(context.cwd), await realOfDeepestExisting(resolve(context.cwd))]);
	for (const path of new Set([absolute, real])) {
		for (const home of kestrelHomes) {
			if (isInside(home, path)) return "it is in Kestrel's global folder (settings, trusted folders, keys)";
		}
		// Inside the workspace only the part below it counts: a project kept under a folder
		// named `.vscode` is not protected as a whole.
		const workspace = [...workspaces].find((folder) => isInside(folder, path));
		const reason = reasonFromName(workspace === undefined ? path : path.slice(workspace.length));
		if (reason) return reason;
	}
	const existing = await stat(real).catch(() => undefined);
	if (existing?.isFile() && (existing.mode & 0o111) !== 0) {
		return "it is executable, so it may run by itself (a hook, a script another tool calls)";
	}
	if (basename(real) === "package.json" && (await changesScripts(effect, real, existing !== undefined))) {
		return "the change touches its scripts, which npm runs by itself (install, prepare)";
	}
	return undefined;
}

function reasonFromName(path: string): string | undefined {
	const segments = path.split(sep).map((segment) => segment.toLowerCase());
	const name = segments.at(-1) ?? "";
	for (const segment of segments) {
		const reason = PROTECTED_FOLDERS.get(segment);
		if (reason) return reason;
	}
	return PROTECTED_FILES.get(name);
}

async function changesScripts(
	effect: Extract<CallEffect, { kind: "write" }>,
	file: string,
	exists: boolean,
): Promise<boolean> {
	let before: string | undefined;
	if (exists) {
		try {
			before = await readFile(file, "utf8");
		} catch {
			return true;
		}
	}
	let after: string | undefined;
	try {
		after = effect.change.after(before);
	} catch {
		return true; // nobody can tell what it writes
	}
	if (after === undefined) return false; // the call fails and changes nothing
	const scriptsBefore = before === undefined ? undefined : scriptsOf(before);
	const scriptsAfter = scriptsOf(after);
	if (scriptsBefore === UNREADABLE || scriptsAfter === UNREADABLE) return true;
	return JSON.stringify(scriptsBefore) !== JSON.stringify(scriptsAfter);
}

const UNREADABLE = Symbol("unreadable");

function scriptsOf(text: string): unknown {
	try {
		const value: unknown = JSON.parse(text.replace(/^\uFEFF/, ""));
		return typeof value === "object" && value !== null ? (value as { scripts?: unknown }).scripts : undefined;
	} catch {
		return UNREADABLE;
	}
}

/**
 * The path with the links of its deepest existing ancestor resolved, the rest kept as
 * named. A dangling link is followed to where it points: that is what a write creates.
 */
async function realOfDeepestExisting(absolute: string, depth = 0): Promise<string> {
	let current = absolute;
	const missing: string[] = [];
	for (;;) {
		try {
			const real = await realpath(current);
			return join(real, ...missing.reverse());
		} catch {
			const link = await lstat(current).catch(() => undefined);
			if (link?.isSymbolicLink()) {
				const target = await readlink(current).catch(() => undefined);
				if (target === undefined || depth >= 40) return absolute;
				return realOfDeepestExisting(
					join(resolve(dirname(current), target), ...missing.reverse()),
					depth + 1,
				);
			}
		}
		const parent = dirname(current);
		if (parent === current) return absolute;
		missing.push(basename(current));
		current = parent;
	}
}

function isInside(parent: string, child: string): boolean {
	return child === parent || child.startsWith(parent.endsWith(sep) ? parent : parent + sep);
}
