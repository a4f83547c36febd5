import { randomBytes } from "node:crypto";
import { link, open, readFile, stat, unlink, utimes, writeFile } from "node:fs/promises";
import { hostname } from "node:os";
import { SessionLockedError } from "./types.js";

/** Timing of the writer lock. */
export interface SessionLockOptions {
	/** A lock whose heartbeat is older than this is stale, whoever holds it. Default 30,000 ms. */
	staleMs?: number;
	/** How often the holder touches the lock file. Default 10,000 ms. */
	heartbeatMs?: number;
}

/** The content of `<session file>.lock`. */
export interface LockHolder {
	pid: number;
	host: string;
	/** ISO 8601: when the lock was taken. */
	since: string;
	/** Random; only the holder knows it, so only the holder removes the lock. */
	token: string;
}

interface LockState {
	holder: LockHolder | undefined;
	mtimeMs: number;
}

export const DEFAULT_LOCK_STALE_MS = 30_000;
export const DEFAULT_LOCK_HEARTBEAT_MS = 10_000;
/** A take-over takes milliseconds; a marker older than this was left by a process that died taking over. */
const TAKEOVER_STALE_MS = 2_000;
const RETRY_DELAY_MS = 10;
const MAX_ATTEMPTS = 200;

/**
 * The exclusive writer lock of one session file: `<file>.lock`, holding {@link LockHolder}
 * as JSON, its mtime touched every `heartbeatMs`. The file appears with its content in one
 * step (written aside, then hard-linked into place), so a reader never sees it empty.
 */
export class SessionLock {
	private timer: NodeJS.Timeout | undefined;
	private lostTo: LockHolder | undefined;
	/** Heartbeats left to name the new holder after the lock was lost to an unreadable or missing file. */
	private namingBeats = 0;

	private constructor(
		readonly sessionPath: string,
		readonly holder: LockHolder,
		heartbeatMs: number,
	) {
		this.timer = setInterval(() => void this.heartbeat(), heartbeatMs);
		this.timer.unref();
	}

	get lockPath(): string {
		return `${this.sessionPath}.lock`;
	}

	/** Set when the heartbeat found another process's lock in place of ours (we were stale and taken over). */
	get lost(): LockHolder | undefined {
		return this.lostTo;
	}

	/**
	 * Takes the lock, recovering a stale one: held by a dead process on this host, or with a
	 * heartbeat older than `staleMs`. Throws {@link SessionLockedError} when a live process holds it.
	 */
	static async acquire(sessionPath: string, options: SessionLockOptions = {}): Promise<SessionLock> {
		const staleMs = options.staleMs ?? DEFAULT_LOCK_STALE_MS;
		const heartbeatMs = options.heartbeatMs ?? DEFAULT_LOCK_HEARTBEAT_MS;
		const lockPath = `${sessionPath}.lock`;
		const takeoverPath = `${lockPath}.takeover`;
		const holder: LockHolder = {
			pid: process.pid,
			host: hostname(),
			since: new Date().toISOString(),
			token: randomBytes(16).toString("hex"),
		};
		let seen: LockState | undefined;
		for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
			if (await createLockFile(lockPath, holder)) return new SessionLock(sessionPath, holder, heartbeatMs);
			seen = await readLockState(lockPath);
			if (!seen) continue;
			if (!isStale(seen, staleMs)) throw lockedError(sessionPath, seen);
			// Two processes may find the same stale lock: only the one holding the take-over marker replaces it.
			if (!(await createExclusive(takeoverPath, `${process.pid}`))) {
				await removeIfOlder(takeoverPath, TAKEOVER_STALE_MS);
				await delay(RETRY_DELAY_MS);
				continue;
			}
			try {
				const current = await readLockState(lockPath);
				if (current && !isStale(current, staleMs)) throw lockedError(sessionPath, current);
				if (current) await unlinkQuietly(lockPath);
				if (await createLockFile(lockPath, holder)) return new SessionLock(sessionPath, holder, heartbeatMs);
			} finally {
				await unlinkQuietly(takeoverPath);
			}
		}
		throw lockedError(sessionPath, seen);
	}

	/** Stops the heartbeat and removes the lock file if it is still ours. Idempotent. */
	async release(): Promise<void> {
		if (this.timer === undefined) return;
		clearInterval(this.timer);
		this.timer = undefined;
		const current = await readLockState(this.lockPath);
		if (current?.holder?.token === this.holder.token) await unlinkQuietly(this.lockPath);
	}

	private async heartbeat(): Promise<void> {
		try {
			const current = await readLockState(this.lockPath);
			if (this.timer === undefined) return;
			if (this.lostTo) this.nameNewHolder(current?.holder);
			else if (current?.holder?.token !== this.holder.token) this.lose(current?.holder);
			else {
				const touched = new Date();
				await utimes(this.lockPath, touched, touched);
			}
		} catch {
			// A missed heartbeat only makes the lock look older; the next one catches up.
		}
	}

	/**
	 * Appends stop at once. When the file was missing or not yet readable (another process in the
	 * middle of taking it over), a few more heartbeats look for the new holder so that the error
	 * names it.
	 */
	private lose(holder: LockHolder | undefined): void {
		this.lostTo = holder ?? UNKNOWN_HOLDER;
		if (holder) this.stop();
		else this.namingBeats = NAMING_BEATS;
	}

	private nameNewHolder(holder: LockHolder | undefined): void {
		if (holder) this.lostTo = holder;
		this.namingBeats -= 1;
		if (holder || this.namingBeats <= 0) this.stop();
	}

	private stop(): void {
		clearInterval(this.timer);
		this.timer = undefined;
	}
}

const UNKNOWN_HOLDER: LockHolder = {
	pid: 0,
	host: "(lock file removed or unreadable)",
	since: "unknown",
	token: "",
};
const NAMING_BEATS = 3;

/** Whether a lock may be taken over: its holder is a dead process on this host, or its heartbeat is old. */
export function isStale(state: LockState, staleMs: number, now = Date.now(), host = hostname()): boolean {
	const { holder } = state;
	if (holder && holder.host === host && !isProcessAlive(holder.pid)) return true;
	return now - state.mtimeMs > staleMs;
}

/** `process.kill(pid, 0)` probes without signalling: ESRCH means no such process; EPERM means alive. */
export function isProcessAlive(pid: number): boolean {
	if (!Number.isInteger(pid) || pid <= 0) return false;
	try {
		process.kill(pid, 0);
		return true;
	} catch (error) {
		return (error as NodeJS.ErrnoException).code !== "ESRCH";
	}
}

/** The lock file's holder (`undefined` when its content is not a holder) and mtime; `undefined` if there is none. */
export async function readLockState(lockPath: string): Promise<LockState | undefined> {
	try {
		const [text, stats] = await Promise.all([readFile(lockPath, "utf8"), stat(lockPath)]);
		return { holder: parseHolder(text), mtimeMs: stats.mtimeMs };
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
		throw error;
	}
}

function parseHolder(text: string): LockHolder | undefined {
	try {
		const value = JSON.parse(text) as Partial<LockHolder>;
		if (typeof value.pid === "number" && typeof value.host === "string" && typeof value.token === "string") {
			return { pid: value.pid, host: value.host, since: String(value.since), token: value.token };
		}
	} catch {
		// Empty (a `wx` fallback creator between `open` and `write`, or dead there) or foreign: judged by mtime alone.
	}
	return undefined;
}

function lockedError(sessionPath: string, state: LockState | undefined): SessionLockedError {
	const holder = state?.holder ?? {
		pid: 0,
		host: "unknown host",
		since: state ? new Date(state.mtimeMs).toISOString() : "unknown",
	};
	return new SessionLockedError(sessionPath, { pid: holder.pid, host: holder.host, since: holder.since });
}

/**
 * Creates the lock file with its content in one step: the holder is written to a private file
 * that is then hard-linked to the lock path (`link` fails with EEXIST like `wx` does). On a file
 * system without hard links it falls back to `wx`, where a reader may briefly see an empty file.
 */
async function createLockFile(lockPath: string, holder: LockHolder): Promise<boolean> {
	const aside = `${lockPath}.${holder.token}.tmp`;
	await writeFile(aside, JSON.stringify(holder));
	try {
		await link(aside, lockPath);
		return true;
	} catch (error) {
		const code = (error as NodeJS.ErrnoException).code;
		if (code === "EEXIST") return false;
		if (code === "EPERM" || code === "ENOTSUP" || code === "ENOSYS" || code === "EXDEV") {
			return createExclusive(lockPath, JSON.stringify(holder));
		}
		throw error;
	} finally {
		await unlinkQuietly(aside);
	}
}

async function createExclusive(path: string, content: string): Promise<boolean> {
	let handle: Awaited<ReturnType<typeof open>>;
	try {
		handle = await open(path, "wx");
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
		throw error;
	}
	try {
		await handle.writeFile(content);
	} finally {
		await handle.close();
	}
	return true;
}

async function removeIfOlder(path: string, ageMs: number): Promise<void> {
	try {
		if (Date.now() - (await stat(path)).mtimeMs > ageMs) await unlinkQuietly(path);
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
	}
}

async function unlinkQuietly(path: string): Promise<void> {
	try {
		await unlink(path);
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
	}
}

function delay(ms: number): Promise<void> {
	return new Promise((resolve) => setTimeout(resolve, ms));
}
