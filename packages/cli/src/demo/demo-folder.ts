import { lstat, open, readdir } from "node:fs/promises";
import { basename, join } from "node:path";

/** What the demo script needs to know about the folder it was started in. */
export interface DemoFolder {
	/** The folder's name, for the greeting. */
	name: string;
	/** A small text file to read: a README, package.json, else the first text file; none in an empty folder. */
	fileToRead?: string;
	/** A file name that does not exist yet, for the proposed write: the demo never touches an existing file. */
	newFile: string;
	/** Whether the folder is the root of a git repository (the harmless command is then `git status --short`). */
	gitRepository: boolean;
}

/** Files larger than this are not offered for reading. */
const MAX_READ_BYTES = 256 * 1024;
/** Bytes looked at to tell text from binary. */
const SNIFF_BYTES = 4096;
const PREFERRED = [/^readme(\.(md|markdown|txt|rst))?$/i, /^package\.json$/i];
const NEW_FILE = "KESTREL_DEMO";
/** Entries tried before giving up on finding a file to read (a folder of thousands of binaries). */
const MAX_CANDIDATES = 200;

/** Looks at `cwd` (its own entries only, never below); a folder that cannot be read counts as empty. */
export async function inspectFolder(cwd: string): Promise<DemoFolder> {
	const names = (await readdir(cwd).catch(() => [] as string[])).sort((a, b) => a.localeCompare(b));
	const present = new Set(names.map((name) => name.toLowerCase()));
	let newFile = `${NEW_FILE}.md`;
	for (let index = 2; present.has(newFile.toLowerCase()); index++) newFile = `${NEW_FILE}-${index}.md`;
	const candidates = [
		...PREFERRED.flatMap((pattern) => names.filter((name) => pattern.test(name))),
		...names.filter((name) => !name.startsWith(".") && !name.startsWith(NEW_FILE)),
	];
	let fileToRead: string | undefined;
	for (const name of [...new Set(candidates)].slice(0, MAX_CANDIDATES)) {
		if (await isSmallTextFile(join(cwd, name))) {
			fileToRead = name;
			break;
		}
	}
	return {
		name: basename(cwd) || cwd,
		...(fileToRead === undefined ? {} : { fileToRead }),
		newFile,
		gitRepository: present.has(".git"),
	};
}

/** A regular file (not a link), not empty, not large, with no NUL byte at its start. */
async function isSmallTextFile(path: string): Promise<boolean> {
	try {
		const stat = await lstat(path);
		if (!stat.isFile() || stat.size === 0 || stat.size > MAX_READ_BYTES) return false;
		const handle = await open(path, "r");
		try {
			const buffer = Buffer.alloc(Math.min(SNIFF_BYTES, stat.size));
			const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
			return !buffer.subarray(0, bytesRead).includes(0);
		} finally {
			await handle.close();
		}
	} catch {
		return false;
	}
}
