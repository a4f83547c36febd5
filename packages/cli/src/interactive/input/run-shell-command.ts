import { createLocalShellOperations } from "@kestrel/tools-shell";

/** The most output kept from a `!command` (the end is kept). */
export const MAX_SHELL_OUTPUT_CHARS = 20_000;

// A UTF-16 code unit takes at most 3 bytes of UTF-8, so this many bytes always decode to
// more than MAX_SHELL_OUTPUT_CHARS units, even when they start inside a character.
const MAX_SHELL_OUTPUT_BYTES = MAX_SHELL_OUTPUT_CHARS * 3 + 4;

export interface ShellCommandResult {
	/** stdout and stderr interleaved, the end kept when longer than {@link MAX_SHELL_OUTPUT_CHARS}. */
	output: string;
	/** `null` when killed by a signal (or aborted). */
	exitCode: number | null;
	truncated: boolean;
}

/**
 * Runs `command` with the user's shell in `cwd` (a POSIX shell: `$SHELL` when it is one,
 * else bash or sh), in its own process group; resolves when it exits. The signal stops
 * the command and everything it started.
 */
export async function runShellCommand(
	command: string,
	cwd: string,
	signal: AbortSignal,
): Promise<ShellCommandResult> {
	// Raw bytes, decoded once at the end: a character may be split across chunks.
	const chunks: Buffer[] = [];
	let kept = 0;
	let dropped = false;
	const onData = (chunk: Uint8Array) => {
		const copy = Buffer.from(chunk);
		chunks.push(copy);
		kept += copy.length;
		// Only the end is shown: drop whole chunks that lie before the last MAX_SHELL_OUTPUT_BYTES.
		while (chunks.length > 1 && kept - chunks[0]!.length >= MAX_SHELL_OUTPUT_BYTES) {
			kept -= chunks.shift()!.length;
			dropped = true;
		}
	};
	let exitCode: number | null;
	let failure = "";
	try {
		({ exitCode } = await createLocalShellOperations().spawn(command, {
			cwd,
			env: processEnv(),
			signal,
			onData,
		}));
	} catch (error) {
		// The shell or the working directory is missing.
		exitCode = null;
		failure = `${error instanceof Error ? error.message : String(error)}\n`;
	}
	let output = Buffer.concat(chunks).toString("utf8") + failure;
	let truncated = dropped;
	if (output.length > MAX_SHELL_OUTPUT_CHARS) {
		output = output.slice(-MAX_SHELL_OUTPUT_CHARS);
		// Not half a surrogate pair at the start.
		if (/^[\uDC00-\uDFFF]/.test(output)) output = output.slice(1);
		truncated = true;
	}
	return { output, exitCode, truncated };
}

/** The user's own command gets the whole environment of kestrel. */
function processEnv(): Record<string, string> {
	const env: Record<string, string> = {};
	for (const [name, value] of Object.entries(process.env)) if (value !== undefined) env[name] = value;
	return env;
}
