import { SessionManager, type Settings } from "@kestrel/harness";
import type { CliOptions } from "./args/cli-options.js";
import { sessionDirFor, sessionStoreManager } from "./wiring/open-session.js";

/**
 * `kestrel --prune-blobs`: removes the stored images that no session of the folder (or of
 * the session store, with `--session-store` or `session.store`) uses, and says what it did.
 * Exit code 1 when a session is open elsewhere (nothing is removed then).
 */
export async function pruneSessionBlobs(
	options: CliOptions,
	settings: Settings,
	cwd: string,
	home: string,
): Promise<number> {
	let manager = await sessionStoreManager(options, settings, cwd);
	let where = "the session store";
	if (!manager) {
		where = sessionDirFor(options, settings, cwd, home);
		manager = new SessionManager({ dir: where, cwd });
	}
	const result = await manager.pruneBlobs();
	if (result.skipped) {
		const holder = result.skipped.holder;
		const who = holder ? ` by pid ${holder.pid} on ${holder.host}` : "";
		process.stderr.write(
			`Nothing removed: ${result.skipped.session} is open${who}. Close it and run kestrel --prune-blobs again.\n`,
		);
		return 1;
	}
	const size = formatBytes(result.bytes);
	process.stdout.write(
		`Removed ${result.removed.length} unused image blob${result.removed.length === 1 ? "" : "s"} (${size}) from ${where}; kept ${result.kept}.\n`,
	);
	return 0;
}

function formatBytes(bytes: number): string {
	if (bytes < 1024) return `${bytes} B`;
	if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
	return `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;
}
