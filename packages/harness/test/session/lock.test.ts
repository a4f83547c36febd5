import { spawnSync } from "node:child_process";
import { readdir, readFile, rename, stat, utimes, writeFile } from "node:fs/promises";
import { hostname } from "node:os";
import { dirname } from "node:path";
import { Worker } from "node:worker_threads";
import { describe, expect, it, vi } from "vitest";
import { SessionLockedError, SessionManager } from "../../src/session/index.js";
import { SessionLock } from "../../src/session/session-lock.js";
import { user, useTempDirs } from "./helpers.js";

const temp = useTempDirs();

/** A session file on disk, closed, with one message. */
async function sessionFile(options: { staleMs?: number; heartbeatMs?: number } = {}) {
	const dir = await temp.make();
	const manager = new SessionManager({ dir, cwd: "/p", lock: options });
	const session = await manager.create();
	session.appendMessage(user("hello"));
	await session.close();
	return { manager, path: session.path as string, lockPath: `${session.path}.lock` };
}

/** The pid of a process that has exited. */
const DEAD_PID = spawnSync(process.execPath, ["-e", ""]).pid as number;

/** Puts another process's lock in place in one step, the way a Kestrel process creates its own. */
async function writeLock(lockPath: string, holder: Record<string, unknown>, ageMs = 0): Promise<void> {
	const aside = `${lockPath}.test.tmp`;
	await writeFile(aside, JSON.stringify({ since: "2025-01-01T00:00:00.000Z", token: "theirs", ...holder }));
	const time = new Date(Date.now() - ageMs);
	await utimes(aside, time, time);
	await rename(aside, lockPath);
}

async function lockContent(lockPath: string) {
	return JSON.parse(await readFile(lockPath, "utf8")) as { pid: number; host: string; token: string };
}

describe("the writer lock", () => {
	it("is taken by create and fork, holds pid, host, since and token, and is removed by close", async () => {
		const manager = new SessionManager({ dir: await temp.make(), cwd: "/p" });
		const session = await manager.create();
		const lock = await lockContent(`${session.path}.lock`);
		expect(lock).toMatchObject({
			pid: process.pid,
			host: hostname(),
			token: expect.stringMatching(/^[0-9a-f]{32}$/),
		});
		const fork = await manager.fork(session);
		expect((await lockContent(`${fork.path}.lock`)).pid).toBe(process.pid);
		await Promise.all([session.close(), fork.close()]);
		await expect(stat(`${session.path}.lock`)).rejects.toThrow(/ENOENT/);
		await expect(stat(`${fork.path}.lock`)).rejects.toThrow(/ENOENT/);
	});

	it("refuses a second writer in the same process, and read-only opens take no lock", async () => {
		const { manager, path, lockPath } = await sessionFile();
		const writer = temp.track(await manager.open(path));
		const error = await manager.open(path).catch((caught: unknown) => caught);
		expect(error).toBeInstanceOf(SessionLockedError);
		expect((error as Error).message).toMatch(`pid ${process.pid} on ${hostname()}`);
		const before = await readFile(lockPath, "utf8");
		const reader = await manager.open(path, { readOnly: true });
		expect(reader.readOnly).toBe(true);
		await reader.close();
		expect(await readFile(lockPath, "utf8")).toBe(before);
		expect(writer.readOnly).toBe(false);
	});

	it("recovers at once a lock whose holder on this host is dead", async () => {
		const { manager, path, lockPath } = await sessionFile();
		await writeLock(lockPath, { pid: DEAD_PID, host: hostname() });
		const session = temp.track(await manager.open(path));
		expect(session.readOnly).toBe(false);
		expect(await lockContent(lockPath)).toMatchObject({ pid: process.pid });
	});

	it("refuses a live lock from another host with a fresh heartbeat, or opens read-only when asked", async () => {
		const { path, lockPath } = await sessionFile();
		await writeLock(lockPath, { pid: 4242, host: "build-box", since: "2025-06-01T10:00:00.000Z" });
		const refusing = new SessionManager({ dir: "unused", cwd: "/p" });
		const error = await refusing.open(path).catch((caught: unknown) => caught);
		expect(error).toBeInstanceOf(SessionLockedError);
		expect(error).toMatchObject({
			code: "session_locked",
			holder: { pid: 4242, host: "build-box", since: "2025-06-01T10:00:00.000Z" },
		});
		expect((error as Error).message).toMatch(/open this session read-only, or fork it/);

		const lenient = new SessionManager({ dir: "unused", cwd: "/p", onLocked: "read-only" });
		const session = await lenient.open(path);
		expect(session.readOnly).toBe(true);
		expect(session.getEntries()).toHaveLength(1);
		expect(() => session.appendMessage(user("no"))).toThrow(/read-only/);
		expect(await lockContent(lockPath)).toMatchObject({ host: "build-box", token: "theirs" });
	});

	it("recovers a lock whose heartbeat is older than staleMs, whoever holds it", async () => {
		const { manager, path, lockPath } = await sessionFile();
		await writeLock(lockPath, { pid: 4242, host: "build-box" }, 31_000);
		const session = temp.track(await manager.open(path));
		expect(session.readOnly).toBe(false);
		expect(await lockContent(lockPath)).toMatchObject({ pid: process.pid, host: hostname() });

		const strict = await sessionFile({ staleMs: 120_000 });
		await writeLock(strict.lockPath, { pid: 4242, host: "build-box" }, 31_000);
		await expect(strict.manager.open(strict.path)).rejects.toBeInstanceOf(SessionLockedError);
	});

	it("judges a lock file without content (its writer died between open and write) by its age", async () => {
		const { manager, path, lockPath } = await sessionFile();
		await writeFile(lockPath, "");
		const error = await manager.open(path).catch((caught: unknown) => caught);
		expect(error).toBeInstanceOf(SessionLockedError);
		const old = new Date(Date.now() - 60_000);
		await utimes(lockPath, old, old);
		temp.track(await manager.open(path));
	});

	it("lets exactly one of several concurrent recoveries take a stale lock", async () => {
		for (let round = 0; round < 10; round++) {
			const { path, lockPath } = await sessionFile();
			await writeLock(lockPath, { pid: DEAD_PID, host: hostname() });
			const attempts = await Promise.allSettled(Array.from({ length: 4 }, () => SessionLock.acquire(path)));
			const winners = attempts.filter((attempt) => attempt.status === "fulfilled");
			expect(winners).toHaveLength(1);
			for (const attempt of attempts) {
				if (attempt.status === "rejected") expect(attempt.reason).toBeInstanceOf(SessionLockedError);
			}
			const winner = (winners[0] as PromiseFulfilledResult<SessionLock>).value;
			expect((await lockContent(lockPath)).token).toBe(winner.holder.token);
			await winner.release();
		}
	});

	it("removes a take-over marker left by a process that died taking over", async () => {
		const { manager, path, lockPath } = await sessionFile();
		await writeLock(lockPath, { pid: DEAD_PID, host: hostname() });
		await writeFile(`${lockPath}.takeover`, "999");
		const old = new Date(Date.now() - 10_000);
		await utimes(`${lockPath}.takeover`, old, old);
		temp.track(await manager.open(path));
		await expect(stat(`${lockPath}.takeover`)).rejects.toThrow(/ENOENT/);
	});

	it("close() leaves a lock that is no longer ours", async () => {
		const { manager, path, lockPath } = await sessionFile();
		const session = await manager.open(path);
		await writeLock(lockPath, { pid: 4242, host: "build-box" });
		await session.close();
		expect(await lockContent(lockPath)).toMatchObject({ token: "theirs" });
	});

	it("touches the lock on every heartbeat, and stops appends once another process took the lock over", async () => {
		const { manager, path, lockPath } = await sessionFile({ heartbeatMs: 20 });
		const session = temp.track(await manager.open(path));
		const past = new Date(Date.now() - 60_000);
		await utimes(lockPath, past, past);
		// Heartbeats every 20 ms: the waits only give a loaded machine tens of seconds of margin.
		await vi.waitFor(
			async () => expect((await stat(lockPath)).mtimeMs).toBeGreaterThan(past.getTime() + 1_000),
			{ timeout: 30_000 },
		);

		await writeLock(lockPath, { pid: 4242, host: "build-box" });
		await vi.waitFor(() => expect(() => session.appendMessage(user("mine?"))).toThrow(SessionLockedError), {
			timeout: 30_000,
		});
		expect(() => session.appendMessage(user("again"))).toThrow(/pid 4242 on build-box/);
	});

	it("names the new holder even when the lock was replaced in two steps (emptied, then written)", async () => {
		// Heartbeats fire only when the test advances the clock, so each step is seen by exactly one.
		vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
		try {
			const { manager, path, lockPath } = await sessionFile({ heartbeatMs: 1_000 });
			const session = temp.track(await manager.open(path));
			await writeFile(lockPath, "");
			await vi.advanceTimersByTimeAsync(1_000);
			await vi.waitFor(
				() => expect(() => session.appendMessage(user("mine?"))).toThrow(/lock file removed or unreadable/),
				{ timeout: 30_000 },
			);
			await writeLock(lockPath, { pid: 4242, host: "build-box" });
			await vi.advanceTimersByTimeAsync(1_000);
			await vi.waitFor(
				() => expect(() => session.appendMessage(user("again"))).toThrow(/pid 4242 on build-box/),
				{ timeout: 30_000 },
			);
		} finally {
			vi.useRealTimers();
		}
	});

	it("never shows a reader an empty lock file, and leaves no side files behind", async () => {
		const { path, lockPath } = await sessionFile();
		// A worker thread reads the lock file in a tight loop while this thread takes and releases it.
		const control = new Int32Array(new SharedArrayBuffer(16)); // [stop, reads, unreadable reads, loops]
		const reader = new Worker(
			`const { readFileSync } = require("node:fs");
			const { workerData: { control, lockPath } } = require("node:worker_threads");
			while (Atomics.load(control, 0) === 0) {
				Atomics.add(control, 3, 1);
				try {
					const text = readFileSync(lockPath, "utf8");
					Atomics.add(control, 1, 1);
					try { JSON.parse(text); } catch { Atomics.add(control, 2, 1); }
				} catch {}
			}`,
			{ eval: true, workerData: { control, lockPath } },
		);
		const exited = new Promise((resolve) => reader.once("exit", resolve));
		// Start once the reader runs; go on until it has read the lock a number of times.
		while (Atomics.load(control, 3) === 0) await new Promise((resolve) => setTimeout(resolve, 5));
		for (let round = 0; round < 300 || (Atomics.load(control, 1) < 50 && round < 20_000); round++) {
			await (await SessionLock.acquire(path)).release();
		}
		Atomics.store(control, 0, 1);
		await exited;
		expect(control[1]).toBeGreaterThan(0);
		expect(control[2]).toBe(0);
		expect((await readdir(dirname(path))).filter((name) => name.endsWith(".tmp"))).toEqual([]);
	});
});
