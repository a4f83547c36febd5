import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadSettings } from "../../src/settings/index.js";
import { createSettingsFolders, type SettingsFolders } from "./settings-files.js";

let folders: SettingsFolders;
beforeEach(async () => {
	folders = await createSettingsFolders();
});
afterEach(async () => {
	await folders.remove();
});

async function load() {
	return loadSettings({ cwd: folders.cwd, home: folders.home });
}

describe("unknown settings keys", () => {
	it("warns with the file, the key path and a close known key, and drops the key", async () => {
		await folders.writeProject({ compaction: { treshold: 0.5, enabled: false } });
		const loaded = await load();
		expect(loaded.warnings).toEqual([
			`Unknown setting "compaction.treshold" in ${folders.projectFile} (did you mean "compaction.threshold"?); it is ignored.`,
		]);
		expect(loaded.settings).toEqual({ compaction: { enabled: false } });
	});

	it("suggests a top-level key from a near miss", async () => {
		await folders.writeGlobal({ defaultModle: "x" });
		const loaded = await load();
		expect(loaded.warnings[0]).toContain('"defaultModle"');
		expect(loaded.warnings[0]).toContain('did you mean "defaultModel"?');
	});

	it("suggests the section a key belongs to when it is set at the wrong level", async () => {
		await folders.writeGlobal({ maxAttempts: 5 });
		const loaded = await load();
		expect(loaded.warnings).toEqual([
			`Unknown setting "maxAttempts" in ${folders.globalFile} (did you mean "retry.maxAttempts"?); it is ignored.`,
		]);
	});

	it("warns without a suggestion when nothing is close", async () => {
		await folders.writeGlobal({ theme: "dark" });
		const loaded = await load();
		expect(loaded.warnings).toEqual([`Unknown setting "theme" in ${folders.globalFile}; it is ignored.`]);
		expect(loaded.settings).toEqual({});
	});

	it("warns for each file that has unknown keys, and not for $schema", async () => {
		await folders.writeGlobal({ $schema: "https://example.com/kestrel.json", colour: "x" });
		await folders.writeProject({ session: { fsnyc: "turn" } });
		const loaded = await load();
		expect(loaded.warnings).toHaveLength(2);
		expect(loaded.warnings[0]).toContain(folders.globalFile);
		expect(loaded.warnings[1]).toContain('"session.fsnyc"');
		expect(loaded.warnings[1]).toContain('did you mean "session.fsync"?');
	});
});
