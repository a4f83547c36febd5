import { mkdir, writeFile } from "node:fs/promises";
import { homedir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { kestrelHome } from "../../src/paths.js";
import { loadSettings } from "../../src/settings/index.js";
import { createSettingsFolders, type SettingsFolders } from "./settings-files.js";

let folders: SettingsFolders;
beforeEach(async () => {
	folders = await createSettingsFolders();
});
afterEach(async () => {
	await folders.remove();
});

describe("loadSettings", () => {
	it("merges the global and project files, the project winning", async () => {
		await folders.writeGlobal({
			defaultModel: "a",
			approve: "ask",
			compaction: { threshold: 0.7, reserveTokens: 1000 },
		});
		await folders.writeProject({ defaultModel: "b", compaction: { threshold: 0.9 } });
		const loaded = await loadSettings({ cwd: folders.cwd, home: folders.home });
		expect(loaded).toEqual({
			settings: { defaultModel: "b", approve: "ask", compaction: { threshold: 0.9, reserveTokens: 1000 } },
			sources: [folders.globalFile, folders.projectFile],
			warnings: [],
			withheld: [],
			projectTrusted: false,
		});
	});

	it("is fine with no files at all", async () => {
		expect(
			await loadSettings({ cwd: join(folders.cwd, "missing"), home: join(folders.home, "missing") }),
		).toEqual({
			settings: {},
			sources: [],
			warnings: [],
			withheld: [],
			projectTrusted: false,
		});
	});

	it("uses whichever file exists", async () => {
		await folders.writeProject({ contextFiles: false });
		const projectOnly = await loadSettings({ cwd: folders.cwd, home: folders.home });
		expect(projectOnly.settings).toEqual({ contextFiles: false });
		expect(projectOnly.sources).toEqual([folders.projectFile]);
	});

	it("reads the global file from KESTREL_HOME", async () => {
		const moved = join(folders.home, "elsewhere");
		await mkdir(moved);
		await writeFile(join(moved, "settings.json"), JSON.stringify({ defaultProvider: "openai" }));
		await folders.writeGlobal({ defaultProvider: "anthropic" });
		const loaded = await loadSettings({ cwd: folders.cwd, home: kestrelHome({ KESTREL_HOME: moved }) });
		expect(loaded.settings.defaultProvider).toBe("openai");
		expect(loaded.sources).toEqual([join(moved, "settings.json")]);
	});

	it("treats a blank file as empty", async () => {
		await folders.writeGlobal("  \n");
		const loaded = await loadSettings({ cwd: folders.cwd, home: folders.home });
		expect(loaded.settings).toEqual({});
		expect(loaded.sources).toEqual([folders.globalFile]);
	});

	it("reads a file once when the project's .kestrel folder is the global folder", async () => {
		await folders.writeProject({ defaultModel: "same" });
		const loaded = await loadSettings({ cwd: folders.cwd, home: join(folders.cwd, ".kestrel") });
		expect(loaded.sources).toEqual([folders.projectFile]);
	});

	it("resolves a relative session.dir against the folder of its file, and ~ against the home folder", async () => {
		await folders.writeGlobal({ session: { dir: "sessions" } });
		const fromGlobal = await loadSettings({ cwd: folders.cwd, home: folders.home });
		expect(fromGlobal.settings.session?.dir).toBe(join(folders.home, "sessions"));

		await folders.writeProject({ session: { dir: "~/kestrel-sessions" } });
		const fromProject = await loadSettings({ cwd: folders.cwd, home: folders.home, trustProject: true });
		expect(fromProject.settings.session?.dir).toBe(join(homedir(), "kestrel-sessions"));
	});
});
