import { mkdir, mkdtemp, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

/** A temp folder for one test, with helpers to write files into it; `remove()` deletes it. */
export interface TempTree {
	root: string;
	path(...parts: string[]): string;
	write(relativePath: string, content: string): Promise<string>;
	mkdir(relativePath: string): Promise<string>;
	remove(): Promise<void>;
}

export async function createTempTree(): Promise<TempTree> {
	// realpath: on some systems the temp folder is reached through a symlink, and the loaders resolve paths.
	const root = await realpath(await mkdtemp(join(tmpdir(), "kestrel-prompt-")));
	const path = (...parts: string[]) => join(root, ...parts);
	return {
		root,
		path,
		write: async (relativePath, content) => {
			const file = path(relativePath);
			await mkdir(dirname(file), { recursive: true });
			await writeFile(file, content);
			return file;
		},
		mkdir: async (relativePath) => {
			const folder = path(relativePath);
			await mkdir(folder, { recursive: true });
			return folder;
		},
		remove: () => rm(root, { recursive: true, force: true }),
	};
}
