import { signalProcessGroup } from "@kestrel/tools-shell";

const liveGroups = new Set<number>();
let exitHookInstalled = false;

/**
 * Remembers a group to kill if the host exits without closing the pack (`process.exit`,
 * an uncaught error). A host killed by a signal it does not handle runs no exit code:
 * then the servers see their stdin close, which ends well-behaved servers.
 */
export function trackGroup(pgid: number): () => void {
	liveGroups.add(pgid);
	if (!exitHookInstalled) {
		exitHookInstalled = true;
		process.once("exit", () => {
			for (const group of liveGroups) signalProcessGroup(group, "SIGKILL");
		});
	}
	return () => liveGroups.delete(pgid);
}
