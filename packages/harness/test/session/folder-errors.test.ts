import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SessionManager } from "../../src/session/index.js";
import { makeFolder } from "../../src/session/make-folder.js";
import { useTempDirs } from "./helpers.js";

const temp = useTempDirs();

afterEach(() => {
	vi.useRealTimers();
});

describe("session folders and paths that cannot be used fail with errors that name them", () => {
	it("opening a folder as a session says it is a folder, with its path", async () => {
		const dir = await temp.make();
		const folder = join(dir, "not-a-session");
		await mkdir(folder);
		const manager = new SessionManager({ dir, cwd: dir });
		await expect(manager.open(folder)).rejects.toThrow(`${folder} is a folder, not a session file`);
		await expect(manager.open(folder, { readOnly: true })).rejects.toThrow(`${folder} is a folder`);
	});

	it("a session folder under a file cannot be created, and the error names the folder", async () => {
		const dir = await temp.make();
		await writeFile(join(dir, "file"), "");
		const sessions = join(dir, "file", "sessions");
		const manager = new SessionManager({ dir: sessions, cwd: dir });
		await expect(manager.create()).rejects.toThrow(`Cannot create the session folder ${sessions}: ENOTDIR`);
	});

	it("a mkdir that never settles is given up on after the bound", async () => {
		vi.useFakeTimers();
		const never = () => new Promise<never>(() => {});
		const making = makeFolder("/proc/self/nope/sessions", { mkdir: never, timeoutMs: 10_000 });
		const settled = vi.fn();
		making.then(settled, settled);
		await vi.advanceTimersByTimeAsync(9_999);
		expect(settled).not.toHaveBeenCalled();
		await vi.advanceTimersByTimeAsync(1);
		await expect(making).rejects.toThrow(
			"Cannot create the session folder /proc/self/nope/sessions: no answer within 10000 ms.",
		);
	});
});
