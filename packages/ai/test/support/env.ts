import { afterEach, beforeEach } from "vitest";

/** Removes `names` from `process.env` before each test and restores their values afterwards. */
export function useClearedEnv(names: readonly string[]): void {
	let saved: Record<string, string | undefined> = {};
	beforeEach(() => {
		saved = {};
		for (const name of names) {
			if (process.env[name] !== undefined) saved[name] = process.env[name];
			delete process.env[name];
		}
	});
	afterEach(() => {
		for (const name of names) {
			if (saved[name] === undefined) delete process.env[name];
			else process.env[name] = saved[name];
		}
	});
}
