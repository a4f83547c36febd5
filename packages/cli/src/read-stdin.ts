import { CliError } from "./cli-error.js";

/** What {@link readPipedStdin} read. */
export interface PipedStdin {
	text: string;
	/** Nothing arrived within `firstByteTimeoutMs`, so stdin was left unread. */
	timedOut: boolean;
}

/** How long print and JSON modes wait for piped input when the prompt came as an argument. */
export const DEFAULT_STDIN_WAIT_MS = 3_000;

/** The longest wait a timer can hold (about 24.8 days); Node turns anything longer into 1 ms. */
export const MAX_STDIN_WAIT_MS = 2_147_483_647;

/**
 * `KESTREL_STDIN_WAIT_MS`, else {@link DEFAULT_STDIN_WAIT_MS} when unset or empty. Throws
 * a usage {@link CliError} (exit 2) for anything but a whole number of milliseconds from 1
 * to {@link MAX_STDIN_WAIT_MS}.
 */
export function stdinWaitFromEnv(env: NodeJS.ProcessEnv): number {
	const text = env.KESTREL_STDIN_WAIT_MS?.trim();
	if (text === undefined || text === "") return DEFAULT_STDIN_WAIT_MS;
	const value = /^\d+$/.test(text) ? Number(text) : Number.NaN;
	if (!(value >= 1 && value <= MAX_STDIN_WAIT_MS)) {
		throw new CliError(
			`KESTREL_STDIN_WAIT_MS=${text} is not a wait in milliseconds: give a whole number from 1 to ${MAX_STDIN_WAIT_MS}, or unset it for ${DEFAULT_STDIN_WAIT_MS}.`,
			2,
		);
	}
	return value;
}

/**
 * Everything piped to stdin; `""` when stdin is a terminal (nothing is piped). With
 * `firstByteTimeoutMs`, a stdin that sends nothing and stays open that long (a parent that
 * never closes it) is given up on, so the run is not stuck; once the first byte arrives,
 * all of it is read, however slowly it comes.
 */
export async function readPipedStdin(
	stdin: NodeJS.ReadableStream & { isTTY?: boolean } = process.stdin,
	options: { firstByteTimeoutMs?: number } = {},
): Promise<PipedStdin> {
	if (stdin.isTTY) return { text: "", timedOut: false };
	return new Promise((resolve, reject) => {
		const chunks: Buffer[] = [];
		const timer =
			options.firstByteTimeoutMs === undefined
				? undefined
				: setTimeout(() => {
						finish();
						// Nobody reads it from now on; an open handle would keep the process alive.
						if ("destroy" in stdin && typeof stdin.destroy === "function") stdin.destroy();
						resolve({ text: "", timedOut: true });
					}, options.firstByteTimeoutMs);
		const onData = (chunk: Buffer | string) => {
			clearTimeout(timer);
			chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
		};
		const onEnd = () => {
			finish();
			resolve({ text: Buffer.concat(chunks).toString("utf8"), timedOut: false });
		};
		const onError = (error: Error) => {
			finish();
			reject(error);
		};
		const finish = () => {
			clearTimeout(timer);
			stdin.off("data", onData);
			stdin.off("end", onEnd);
			stdin.off("error", onError);
		};
		stdin.on("data", onData);
		stdin.on("end", onEnd);
		stdin.on("error", onError);
	});
}
