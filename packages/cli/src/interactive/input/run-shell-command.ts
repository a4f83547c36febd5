import { spawn } from "node:child_process";

/** The most output kept from a `!command` (the end is kept). */
export const MAX_SHELL_OUTPUT_CHARS = 20_000;

export interface ShellCommandResult {
	/** stdout and stderr interleaved, the end kept when longer than {@link MAX_SHELL_OUTPUT_CHARS}. */
	output: string;
	/** `null` when killed by a signal. */
	exitCode: number | null;
	truncated: boolean;
}

/** Runs `command` with the user's shell in `cwd`; resolves when it exits (the signal kills it). */
export function runShellCommand(
	command: string,
	cwd: string,
	signal?: AbortSignal,
): Promise<ShellCommandResult> {
	return new Promise((resolve) => {
		const shell = process.env.SHELL || "/bin/sh";
		const child = spawn(shell, ["-c", command], { cwd, stdio: ["ignore", "pipe", "pipe"], signal });
		let output = "";
		let truncated = false;
		const append = (chunk: Buffer) => {
			output += chunk.toString("utf8");
			if (output.length > MAX_SHELL_OUTPUT_CHARS * 2) {
				output = output.slice(-MAX_SHELL_OUTPUT_CHARS);
				truncated = true;
			}
		};
		child.stdout.on("data", append);
		child.stderr.on("data", append);
		child.on("error", (error) => {
			if ((error as NodeJS.ErrnoException).code !== "ABORT_ERR") output += `${error.message}\n`;
		});
		child.on("close", (code) => {
			if (output.length > MAX_SHELL_OUTPUT_CHARS) {
				output = output.slice(-MAX_SHELL_OUTPUT_CHARS);
				truncated = true;
			}
			resolve({ output, exitCode: code, truncated });
		});
	});
}

/** The user message that puts a command's output into the context. */
export function shellContextMessage(command: string, result: ShellCommandResult): string {
	const cut = result.truncated ? ` (the last ${MAX_SHELL_OUTPUT_CHARS} characters)` : "";
	const status = result.exitCode === null ? "killed" : `exit code ${result.exitCode}`;
	return `I ran \`${command}\` (${status}). Its output${cut}:\n\`\`\`\n${result.output.replace(/\n$/, "")}\n\`\`\``;
}
