import { type ChildProcess, spawn } from "node:child_process";
import type { Writable } from "node:stream";

/**
 * Kills the process groups of running commands when the host dies, even by SIGKILL.
 *
 * One small `/bin/sh` per watcher reads `+pgid` / `-pgid` lines on a pipe whose write end
 * only the host holds (Node opens it close-on-exec, so commands do not inherit it). When
 * the host dies, however it dies, the kernel closes that end: the shell reads end of
 * file and sends SIGKILL to every group still listed. A group is listed from the moment
 * its shell started until the call settles, so background processes a command leaves
 * behind after a normal exit are not touched, as before.
 *
 * The watcher runs in its own session (no terminal signals reach it) with an empty
 * environment, and does not keep the host's event loop alive.
 */
export interface GroupWatcher {
	/** Kill `pgid` if the host dies before `unwatch(pgid)`. */
	watch(pgid: number): void;
	unwatch(pgid: number): void;
}

// POSIX sh (dash, bash, busybox): the list is a space-separated string of ids.
const watcherScript = `trap '' INT TERM HUP QUIT
groups=" "
while IFS= read -r line; do
	id=\${line#?}
	case $line in
	+*) groups="$groups$id " ;;
	-*) case $groups in *" $id "*) groups="\${groups%%" $id "*} \${groups#*" $id "}" ;; esac ;;
	esac
done
for id in $groups; do kill -s KILL -- "-$id" 2>/dev/null; done`;

// A watcher with nothing to watch for this long exits; the next command starts a new one.
const idleMs = 5000;

/**
 * A watcher started on first use and ended after {@link idleMs} without a running command,
 * so a host that creates many `ShellOperations` does not collect shells. When `/bin/sh`
 * cannot be started, groups are not watched.
 */
export function createGroupWatcher(shell = "/bin/sh"): GroupWatcher {
	let watcher: { child: ChildProcess; input: Writable } | undefined;
	let unavailable = false;
	const watched = new Set<number>();
	let idleTimer: NodeJS.Timeout | undefined;
	const stopWhenIdle = () => {
		clearTimeout(idleTimer);
		idleTimer = undefined;
		if (watched.size > 0 || !watcher) return;
		idleTimer = setTimeout(() => {
			idleTimer = undefined;
			if (watched.size > 0 || !watcher) return;
			// End of file with an empty list: the watcher exits without killing anything.
			watcher.input.end();
			watcher = undefined;
		}, idleMs);
		idleTimer.unref();
	};

	const start = () => {
		if (watcher || unavailable) return watcher;
		let child: ChildProcess;
		try {
			child = spawn(shell, ["-c", watcherScript], {
				detached: true,
				stdio: ["pipe", "ignore", "ignore"],
				env: {},
			});
		} catch {
			unavailable = true;
			return undefined;
		}
		const input = child.stdin!;
		const current = { child, input };
		child.once("error", () => {
			unavailable = true;
			if (watcher === current) watcher = undefined;
		});
		// Killed by someone else: start a new one for the next command.
		child.once("exit", () => {
			if (watcher === current) watcher = undefined;
		});
		input.on("error", () => {});
		child.unref();
		(input as Writable & { unref?: () => void }).unref?.();
		watcher = current;
		return watcher;
	};

	return {
		watch(pgid) {
			clearTimeout(idleTimer);
			idleTimer = undefined;
			const current = start();
			if (!current) return;
			watched.add(pgid);
			current.input.write(`+${pgid}\n`);
		},
		unwatch(pgid) {
			if (!watched.delete(pgid)) return;
			watcher?.input.write(`-${pgid}\n`);
			stopWhenIdle();
		},
	};
}
