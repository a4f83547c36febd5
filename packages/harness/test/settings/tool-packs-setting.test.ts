import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadSettings, mergeSettings, trustFolder } from "../../src/settings/index.js";
import { createSettingsFolders, type SettingsFolders } from "./settings-files.js";

let folders: SettingsFolders;
beforeEach(async () => {
	folders = await createSettingsFolders();
});
afterEach(async () => {
	await folders.remove();
});

describe("the toolPacks setting", () => {
	it("adds up the global and project lists, global first and each package once", () => {
		expect(mergeSettings({ toolPacks: ["a", "b"] }, { toolPacks: ["b", "c"] }).toolPacks).toEqual([
			"a",
			"b",
			"c",
		]);
	});

	it("is withheld from an untrusted project (loading a pack runs its code); the global list applies", async () => {
		await folders.writeGlobal({ toolPacks: ["@acme/kestrel-tools-jira"] });
		await folders.writeProject({ toolPacks: ["./evil-pack"] });
		const loaded = await loadSettings({ cwd: folders.cwd, home: folders.home });
		expect(loaded.settings.toolPacks).toEqual(["@acme/kestrel-tools-jira"]);
		expect(loaded.withheld).toEqual([{ keyPath: "toolPacks", file: folders.projectFile }]);
	});

	it("in a trusted project, adds its packs with paths resolved against its file", async () => {
		await folders.writeGlobal({ toolPacks: ["./mine"] });
		await folders.writeProject({ toolPacks: ["../vendor/pack"] });
		await trustFolder(folders.cwd, folders.home);
		const loaded = await loadSettings({ cwd: folders.cwd, home: folders.home });
		expect(loaded.settings.toolPacks).toEqual([
			join(folders.home, "mine"),
			join(folders.cwd, "vendor", "pack"),
		]);
	});
});
