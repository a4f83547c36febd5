import { describe, expect, it } from "vitest";
import { mergeSettings, type Settings } from "../../src/settings/index.js";

describe("mergeSettings", () => {
	it("lets the project win key by key inside nested objects", () => {
		const global: Settings = {
			defaultModel: "global-model",
			compaction: { threshold: 0.7, reserveTokens: 10_000 },
			session: { fsync: "entry", dir: "/global/sessions" },
		};
		const project: Settings = {
			defaultModel: "project-model",
			compaction: { threshold: 0.9 },
			session: { fsync: "never" },
		};
		expect(mergeSettings(global, project)).toEqual({
			defaultModel: "project-model",
			compaction: { threshold: 0.9, reserveTokens: 10_000 },
			session: { fsync: "never", dir: "/global/sessions" },
		});
	});

	it("replaces arrays and scalars instead of merging them", () => {
		const global = { tags: ["a", "b"], compaction: { enabled: true } } as Settings;
		const project = { tags: ["c"], compaction: { enabled: false } } as Settings;
		expect(mergeSettings(global, project)).toEqual({ tags: ["c"], compaction: { enabled: false } });
	});

	it("adds up the provider package lists, global first and each package once", () => {
		expect(mergeSettings({ providers: ["a", "b"] }, { providers: ["b", "c"] }).providers).toEqual([
			"a",
			"b",
			"c",
		]);
		expect(mergeSettings({ providers: ["a"] }, {}).providers).toEqual(["a"]);
		expect(mergeSettings({}, { providers: ["c"] }).providers).toEqual(["c"]);
	});

	it("keeps the global value where the project leaves a key out or undefined", () => {
		const merged = mergeSettings({ approve: "edits", contextFiles: false }, { approve: undefined });
		expect(merged).toEqual({ approve: "edits", contextFiles: false });
	});

	it("changes neither input", () => {
		const global: Settings = { compaction: { threshold: 0.5 } };
		const project: Settings = { compaction: { keepRecentTokens: 100 } };
		const merged = mergeSettings(global, project);
		expect(global).toEqual({ compaction: { threshold: 0.5 } });
		expect(project).toEqual({ compaction: { keepRecentTokens: 100 } });
		expect(merged.compaction).not.toBe(global.compaction);
	});
});
