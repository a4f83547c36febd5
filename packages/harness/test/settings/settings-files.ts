import { mkdir, mkdtemp, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** A temp home (global folder) and project for one test; `remove()` deletes both. */
export interface SettingsFolders {
	home: string;
	cwd: string;
	globalFile: string;
	projectFile: string;
	writeGlobal(content: unknown): Promise<void>;
	writeProject(content: unknown): Promise<void>;
	remove(): Promise<void>;
}

/** Strings are written as they are (to test bad JSON); anything else as JSON. */
export async function createSettingsFolders(): Promise<SettingsFolders> {
	const root = await realpath(await mkdtemp(join(tmpdir(), "kestrel-settings-")));
	const home = join(root, "home");
	const cwd = join(root, "project");
	await mkdir(home, { recursive: true });
	await mkdir(join(cwd, ".kestrel"), { recursive: true });
	const globalFile = join(home, "settings.json");
	const projectFile = join(cwd, ".kestrel", "settings.json");
	const write = (file: string, content: unknown) =>
		writeFile(file, typeof content === "string" ? content : JSON.stringify(content, null, "\t"));
	return {
		home,
		cwd,
		globalFile,
		projectFile,
		writeGlobal: (content) => write(globalFile, content),
		writeProject: (content) => write(projectFile, content),
		remove: () => rm(root, { recursive: true, force: true }),
	};
}
