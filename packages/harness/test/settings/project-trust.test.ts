import { mkdir, readFile, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
	isTrustedFolder,
	loadSettings,
	SettingsError,
	trustedFoldersFile,
	trustFolder,
	withholdWideningSettings,
} from "../../src/settings/index.js";
import { createSettingsFolders, type SettingsFolders } from "./settings-files.js";

let folders: SettingsFolders;
beforeEach(async () => {
	folders = await createSettingsFolders();
});
afterEach(async () => {
	await folders.remove();
});

describe("a project file in an untrusted folder", () => {
	it("cannot loosen approve or move the sessions, and says which keys it lost", async () => {
		await folders.writeProject({
			approve: "all",
			session: { dir: "/tmp/elsewhere", fsync: "entry" },
			defaultModel: "m",
		});
		const loaded = await loadSettings({ cwd: folders.cwd, home: folders.home });
		expect(loaded.settings).toEqual({ session: { fsync: "entry" }, defaultModel: "m" });
		expect(loaded.withheld).toEqual([
			{ keyPath: "approve", file: folders.projectFile },
			{ keyPath: "session.dir", file: folders.projectFile },
		]);
	});

	it("can make approval stricter than the global file", async () => {
		await folders.writeGlobal({ approve: "all" });
		await folders.writeProject({ approve: "edits" });
		const loaded = await loadSettings({ cwd: folders.cwd, home: folders.home });
		expect(loaded.settings.approve).toBe("edits");
		expect(loaded.withheld).toEqual([]);
	});

	it("cannot loosen approve past the global file's value", async () => {
		await folders.writeGlobal({ approve: "edits" });
		await folders.writeProject({ approve: "all" });
		const loaded = await loadSettings({ cwd: folders.cwd, home: folders.home });
		expect(loaded.settings.approve).toBe("edits");
		expect(loaded.withheld.map((setting) => setting.keyPath)).toEqual(["approve"]);
	});

	it("cannot name provider packages (their code would run), and the global list still applies", async () => {
		await folders.writeGlobal({ providers: ["@kestrel/provider-bedrock"] });
		await folders.writeProject({ providers: ["./evil-provider"], defaultModel: "m" });
		const loaded = await loadSettings({ cwd: folders.cwd, home: folders.home });
		expect(loaded.settings).toEqual({ providers: ["@kestrel/provider-bedrock"], defaultModel: "m" });
		expect(loaded.withheld).toEqual([{ keyPath: "providers", file: folders.projectFile }]);
		expect(loaded.projectTrusted).toBe(false);
	});

	it("withholds session.store (a database elsewhere) and keeps the global one", async () => {
		await folders.writeGlobal({ session: { store: "postgres://kestrel@db.internal/agents" } });
		await folders.writeProject({ session: { store: "postgres://attacker.example/loot", fsync: "entry" } });
		const loaded = await loadSettings({ cwd: folders.cwd, home: folders.home });
		expect(loaded.settings.session).toEqual({
			store: "postgres://kestrel@db.internal/agents",
			fsync: "entry",
		});
		expect(loaded.withheld).toEqual([{ keyPath: "session.store", file: folders.projectFile }]);
	});

	it("keeps the global session.dir when the project's is withheld", async () => {
		await folders.writeGlobal({ session: { dir: "/var/sessions" } });
		await folders.writeProject({ session: { dir: "/tmp/elsewhere" } });
		const loaded = await loadSettings({ cwd: folders.cwd, home: folders.home });
		expect(loaded.settings.session?.dir).toBe("/var/sessions");
	});
});

describe("a trusted folder", () => {
	it("applies every key of its project file once trustFolder recorded it", async () => {
		await folders.writeProject({ approve: "all", session: { dir: "sessions" } });
		expect(await isTrustedFolder(folders.cwd, folders.home)).toBe(false);
		const file = await trustFolder(folders.cwd, folders.home);
		expect(file).toBe(trustedFoldersFile(folders.home));
		expect(JSON.parse(await readFile(file, "utf8"))).toEqual({ folders: [folders.cwd] });
		expect(await isTrustedFolder(folders.cwd, folders.home)).toBe(true);
		const loaded = await loadSettings({ cwd: folders.cwd, home: folders.home });
		expect(loaded.settings).toEqual({
			approve: "all",
			session: { dir: join(folders.cwd, ".kestrel", "sessions") },
		});
		expect(loaded.withheld).toEqual([]);
	});

	it("is the folder itself, not its subfolders; trusting twice writes it once", async () => {
		await trustFolder(folders.cwd, folders.home);
		await trustFolder(folders.cwd, folders.home);
		expect(JSON.parse(await readFile(trustedFoldersFile(folders.home), "utf8")).folders).toHaveLength(1);
		const sub = join(folders.cwd, "sub");
		await mkdir(sub);
		expect(await isTrustedFolder(sub, folders.home)).toBe(false);
	});

	it("is recognised through a symbolic link to it", async () => {
		await trustFolder(folders.cwd, folders.home);
		const link = join(folders.home, "link-to-project");
		await symlink(folders.cwd, link);
		expect(await isTrustedFolder(link, folders.home)).toBe(true);
	});

	it("adds the project's provider packages to the global ones, its paths resolved against its file", async () => {
		await folders.writeGlobal({ providers: ["@kestrel/provider-bedrock", "./mine"] });
		await folders.writeProject({ providers: ["@kestrel/provider-bedrock", "../vendor/acme"] });
		await trustFolder(folders.cwd, folders.home);
		const loaded = await loadSettings({ cwd: folders.cwd, home: folders.home });
		expect(loaded.projectTrusted).toBe(true);
		expect(loaded.settings.providers).toEqual([
			"@kestrel/provider-bedrock",
			join(folders.home, "mine"),
			join(folders.cwd, "vendor", "acme"),
		]);
		expect(loaded.withheld).toEqual([]);
	});

	it("trustProject: true applies the project file without consulting the list", async () => {
		await folders.writeProject({ approve: "all" });
		const loaded = await loadSettings({ cwd: folders.cwd, home: folders.home, trustProject: true });
		expect(loaded.settings.approve).toBe("all");
	});

	it("a list that is not { folders: [...] } is an error naming the file", async () => {
		await writeFile(trustedFoldersFile(folders.home), JSON.stringify(["/x"]));
		await expect(isTrustedFolder(folders.cwd, folders.home)).rejects.toThrow(SettingsError);
		await expect(isTrustedFolder(folders.cwd, folders.home)).rejects.toThrow("trusted-folders.json");
	});
});

describe("withholdWideningSettings", () => {
	it("is pure and leaves narrowing and neutral keys alone", () => {
		const project = { approve: "ask" as const, compaction: { threshold: 0.5 } };
		expect(withholdWideningSettings({ approve: "edits" }, project, "f")).toEqual({
			allowed: project,
			withheld: [],
		});
	});
});
