import { mkdir } from "node:fs/promises";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadSettings, SettingsError } from "../../src/settings/index.js";
import { createSettingsFolders, type SettingsFolders } from "./settings-files.js";

let folders: SettingsFolders;
beforeEach(async () => {
	folders = await createSettingsFolders();
});
afterEach(async () => {
	await folders.remove();
});

async function loadError(): Promise<SettingsError> {
	const error = await loadSettings({ cwd: folders.cwd, home: folders.home }).catch(
		(caught: unknown) => caught,
	);
	expect(error).toBeInstanceOf(SettingsError);
	return error as SettingsError;
}

describe("settings errors", () => {
	it("names the file and the line of invalid JSON", async () => {
		await folders.writeProject('{\n\t"defaultModel": "x",\n}\n');
		const error = await loadError();
		expect(error.file).toBe(folders.projectFile);
		expect(error.message).toContain(folders.projectFile);
		expect(error.message).toContain("not valid JSON at line 3, column 1");
		expect(error.message).toContain("no trailing commas");
	});

	it("names the key path, what was expected and what was found for a value out of range", async () => {
		await folders.writeGlobal({ compaction: { threshold: 1.5 } });
		const error = await loadError();
		expect(error.message).toBe(
			`Invalid setting "compaction.threshold" in ${folders.globalFile}: expected a number greater than 0 ` +
				"and at most 1, found 1.5. Fix the value or remove the key.",
		);
		expect(error.issues).toEqual([
			{
				keyPath: "compaction.threshold",
				pointer: "/compaction/threshold",
				expected: "a number greater than 0 and at most 1",
				found: "1.5",
			},
		]);
	});

	it("lists the allowed values of a choice", async () => {
		await folders.writeProject({ defaultThinkingLevel: "max" });
		const error = await loadError();
		expect(error.message).toContain('"defaultThinkingLevel"');
		expect(error.message).toContain(
			'expected one of "off", "minimal", "low", "medium", "high", "xhigh", found "max"',
		);
	});

	it("reports a wrong type, such as a string where a whole number belongs", async () => {
		await folders.writeProject({ retry: { maxAttempts: "3" } });
		const error = await loadError();
		expect(error.issues).toEqual([
			{
				keyPath: "retry.maxAttempts",
				pointer: "/retry/maxAttempts",
				expected: "a whole number at least 0",
				found: '"3"',
			},
		]);
	});

	it("reports a fractional token count and an object where a scalar belongs", async () => {
		await folders.writeProject({ compaction: { keepRecentTokens: 1.5 }, session: { fsync: { every: 1 } } });
		const error = await loadError();
		expect(error.issues).toEqual([
			{
				keyPath: "compaction.keepRecentTokens",
				pointer: "/compaction/keepRecentTokens",
				expected: "a whole number at least 1",
				found: "1.5",
			},
			{
				keyPath: "session.fsync",
				pointer: "/session/fsync",
				expected: 'one of "entry", "turn", "never"',
				found: "an object",
			},
		]);
		expect(error.message.split("\n")).toEqual([
			`Invalid settings in ${folders.projectFile}:`,
			'  - "compaction.keepRecentTokens": expected a whole number at least 1, found 1.5',
			'  - "session.fsync": expected one of "entry", "turn", "never", found an object',
			"Fix the value or remove the key.",
		]);
	});

	it("reports a section that is not an object", async () => {
		await folders.writeGlobal({ compaction: true });
		const error = await loadError();
		expect(error.issues).toEqual([
			{ keyPath: "compaction", pointer: "/compaction", expected: "an object", found: "true" },
		]);
	});

	it("rejects a file that does not hold an object", async () => {
		await folders.writeGlobal("[1, 2]");
		const error = await loadError();
		expect(error.message).toContain(`Settings file ${folders.globalFile} must hold a JSON object`);
		expect(error.message).toContain("found an array");
	});

	it("names a settings file that exists but cannot be read", async () => {
		await mkdir(folders.globalFile);
		const error = await loadError();
		expect(error.message).toContain(`Cannot read settings file ${folders.globalFile} (EISDIR)`);
	});
});
