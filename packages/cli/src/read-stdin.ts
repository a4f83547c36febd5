/** What {@link readPipedStdin} read. */
export interface PipedStdin {
	text: string;
	/** Nothing arrived within `firstByteTimeoutMs`, so stdin was left unread. */
	timedOut: boolean;
}

/** How long print and JSON modes wait for piped input when the prompt came as an argument. */
export const DEFAULT_STDIN_WAIT_MS = 3_000;

/** `KESTREL_STDIN_WAIT_MS`, else {@link DEFAULT_STDIN_WAIT_MS}. */
export function stdinWaitFromEnv(env: NodeJS.ProcessEnv): number {
	const value = Number(env.KESTREL_STDIN_WAIT_MS);
	return Number.isFinite(value) && value > 0 ? value : DEFAULT_STDIN_WAIT_MS;
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
