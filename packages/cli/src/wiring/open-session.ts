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
}

/**
 * Opens the session to run in: a new file in `--session-dir` (else the `session.dir`
 * setting, else `defaultSessionDir(cwd)`); `-c` the most recent one there; `--session`
 * that file; `--no-session` a session in memory.
 */
export async function openSession(
	flags: SessionFlags,
	settings: Settings,
	cwd: string,
	home: string,
): Promise<{ manager: SessionManager; session: Session }> {
	if (!flags.persistSession) {
		if (flags.continue || flags.session) {
			throw new CliError(
				"--no-session cannot be combined with -c/--continue or --session; drop one of them.",
				2,
			);
		}
		const manager = SessionManager.inMemory({ cwd });
		return { manager, session: await manager.create() };
	}
	if (flags.continue && flags.session) {
		throw new CliError("-c/--continue and --session both pick a session; use one of them.", 2);
	}
	const dir = sessionDirFor(flags, settings, cwd, home);
	const manager = new SessionManager({ dir, cwd, fsync: settings.session?.fsync ?? "turn" });
	if (flags.session) return { manager, session: await manager.open(resolve(cwd, flags.session)) };
	if (flags.continue) return { manager, session: await continueRecent(manager) };
	return { manager, session: await manager.create() };
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
