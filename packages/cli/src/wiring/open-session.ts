import { resolve } from "node:path";
import {
	defaultSessionDir,
	type Session,
	SessionFormatError,
	SessionManager,
	type Settings,
} from "@kestrel/harness";
import { CliError } from "../cli-error.js";

/** The session flags of the command line. */
export interface SessionFlags {
	continue: boolean;
	session?: string;
	persistSession: boolean;
	sessionDir?: string;
	sessionStore?: string;
}

/** The sessions kestrel works with, and how it reads a session path the user gives. */
export interface OpenedSessions {
	manager: SessionManager;
	session: Session;
	/**
	 * A session path as the user wrote it (`--session`, `switch_session`, a picker's row),
	 * as the manager opens it: files relative to the working folder, a store's own paths
	 * (`pg:<id>`) as they are.
	 */
	sessionPath: (path: string) => string;
}

/**
 * Opens the session to run in: a new file in `--session-dir` (else the `session.dir`
 * setting, else `defaultSessionDir(cwd)`); `-c` the most recent one there; `--session`
 * that file; `--no-session` a session in memory. With a session store (`--session-store`,
 * else the `session.store` setting), sessions live there instead of files: `-c` continues
 * the store's most recent session of this folder, `--session` takes a session's `pg:<id>`.
 */
export async function openSession(
	flags: SessionFlags,
	settings: Settings,
	cwd: string,
	home: string,
): Promise<OpenedSessions> {
	if (!flags.persistSession) {
		if (flags.continue || flags.session || flags.sessionStore) {
			throw new CliError(
				"--no-session cannot be combined with -c/--continue, --session or --session-store; drop one of them.",
				2,
			);
		}
		const manager = SessionManager.inMemory({ cwd });
		return { manager, session: await manager.create(), sessionPath: (path) => path };
	}
	if (flags.continue && flags.session) {
		throw new CliError("-c/--continue and --session both pick a session; use one of them.", 2);
	}
	const store = flags.sessionStore ?? settings.session?.store;
	const manager =
		store === undefined
			? new SessionManager({
					dir: sessionDirFor(flags, settings, cwd, home),
					cwd,
					fsync: settings.session?.fsync ?? "turn",
				})
			: await storeManager(store, cwd);
	const sessionPath = (path: string) => (store === undefined ? resolve(cwd, path) : path);
	const opened = (session: Session): OpenedSessions => ({ manager, session, sessionPath });
	if (flags.session) return opened(await manager.open(sessionPath(flags.session)));
	if (flags.continue) return opened(await continueRecent(manager));
	return opened(await manager.create());
}

/**
 * The manager of the session store named by `--session-store` or the `session.store`
 * setting; `undefined` when sessions are files.
 */
export async function sessionStoreManager(
	flags: Pick<SessionFlags, "sessionStore">,
	settings: Settings,
	cwd: string,
): Promise<SessionManager | undefined> {
	const store = flags.sessionStore ?? settings.session?.store;
	return store === undefined ? undefined : storeManager(store, cwd);
}

/**
 * A manager over the session store at `url`. `postgres://` (and `postgresql://`) URLs load
 * `@kestrel/session-postgres`, only then: its driver is not part of a start without one.
 */
async function storeManager(url: string, cwd: string): Promise<SessionManager> {
	if (!/^postgres(ql)?:\/\//i.test(url)) {
		throw new CliError(
			`Unknown session store ${JSON.stringify(url)}: kestrel keeps sessions in files, or in PostgreSQL with a postgres://user@host:5432/database URL (--session-store or the session.store setting).`,
			2,
		);
	}
	// A literal specifier, so that the bundle holds the package in a chunk of its own.
	const { PostgresSessionBackend } = await import("@kestrel/session-postgres");
	let backend: Awaited<ReturnType<typeof PostgresSessionBackend.connect>>;
	try {
		backend = await PostgresSessionBackend.connect({ connectionString: url, cwd });
	} catch (error) {
		throw new CliError(
			`kestrel: ${(error as Error).message}\nCheck the server and the URL, or run without a session store (files).`,
		);
	}
	return SessionManager.withBackend(backend, { cwd });
}

/** `-c`: the most recent session, or a {@link CliError} saying why it cannot be continued (never an older one instead). */
async function continueRecent(manager: SessionManager): Promise<Session> {
	try {
		return await manager.continueRecent();
	} catch (error) {
		if (!(error instanceof SessionFormatError)) throw error;
		throw new CliError(
			`kestrel -c: ${error.message}\nRun without -c for a new session, or open another with --session <file>.`,
		);
	}
}

/** The folder of this working directory's sessions: `--session-dir`, else the `session.dir` setting, else the default. */
export function sessionDirFor(
	flags: Pick<SessionFlags, "sessionDir">,
	settings: Settings,
	cwd: string,
	home: string,
): string {
	if (flags.sessionDir) return resolve(cwd, flags.sessionDir);
	return settings.session?.dir ?? defaultSessionDir(cwd, home);
}
