import { mkdir, mkdtemp, readFile, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadSettingsWithTrust } from "../../src/permissions/project-trust.js";

let root: string;
let cwd: string;
let home: string;
let stderr: string;
const sink = { write: (text: string) => (stderr += text) };
beforeEach(async () => {
	root = await realpath(await mkdtemp(join(tmpdir(), "kestrel-trust-")));
	cwd = join(root, "repo");
	home = join(root, "kestrel-home");
	await mkdir(join(cwd, ".kestrel"), { recursive: true });
	await mkdir(home);
	await writeFile(
		join(cwd, ".kestrel", "settings.json"),
		JSON.stringify({ approve: "all", defaultModel: "m" }),
	);
	stderr = "";
});
afterEach(async () => {
	await rm(root, { recursive: true, force: true });
});

describe("loadSettingsWithTrust", () => {
	it("without trust: the widening key is ignored and named on stderr with how to trust the folder", async () => {
		const loaded = await loadSettingsWithTrust({ cwd, home, trustFlag: false, stderr: sink });
		expect(loaded.settings).toEqual({ defaultModel: "m" });
		expect(stderr).toContain('warning: ignoring "approve" in');
		expect(stderr).toContain("kestrel --trust-folder");
		expect(stderr).toContain(join(home, "trusted-folders.json"));
	});

	it("--trust-folder records the folder and applies the key, now and later", async () => {
		const loaded = await loadSettingsWithTrust({ cwd, home, trustFlag: true, stderr: sink });
		expect(loaded.settings.approve).toBe("all");
		expect(JSON.parse(await readFile(join(home, "trusted-folders.json"), "utf8"))).toEqual({
			folders: [cwd],
		});
		stderr = "";
		const later = await loadSettingsWithTrust({ cwd, home, trustFlag: false, stderr: sink });
		expect(later.settings.approve).toBe("all");
		expect(stderr).toBe("");
	});

	it("interactive: asks once; yes trusts the folder, no ignores the key for this run", async () => {
		const questions: string[] = [];
		const no = await loadSettingsWithTrust({
			cwd,
			home,
			trustFlag: false,
			stderr: sink,
			ask: async (question) => {
				questions.push(question);
				return false;
			},
		});
		expect(no.settings.approve).toBeUndefined();
		expect(questions[0]).toContain('sets "approve"');
		expect(questions[0]).toContain(`Trust ${cwd}? [y/N]`);
		const yes = await loadSettingsWithTrust({
			cwd,
			home,
			trustFlag: false,
			stderr: sink,
			ask: async () => true,
		});
		expect(yes.settings.approve).toBe("all");
		const asked: string[] = [];
		await loadSettingsWithTrust({
			cwd,
			home,
			trustFlag: false,
			stderr: sink,
			ask: async (question) => {
				asked.push(question);
				return false;
			},
		});
		expect(asked).toEqual([]);
	});

	it("neither asks nor warns about a key a flag sets for this run", async () => {
		const loaded = await loadSettingsWithTrust({
			cwd,
			home,
			trustFlag: false,
			overridden: ["approve"],
			stderr: sink,
			ask: async () => {
				throw new Error("asked");
			},
		});
		expect(loaded.settings.approve).toBeUndefined();
		expect(stderr).toBe("");
	});

	it("asks nothing when the project file widens nothing", async () => {
		await writeFile(join(cwd, ".kestrel", "settings.json"), JSON.stringify({ approve: "ask" }));
		const asked: string[] = [];
		const loaded = await loadSettingsWithTrust({
			cwd,
			home,
			trustFlag: false,
			stderr: sink,
			ask: async (question) => {
				asked.push(question);
				return true;
			},
		});
		expect(loaded.settings.approve).toBe("ask");
		expect(asked).toEqual([]);
		expect(stderr).toBe("");
	});
});
