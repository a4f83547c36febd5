import { constants } from "node:os";
import type { OutputSnapshot } from "./output-buffer.js";
import type { BashToolDetails } from "./types.js";

/** The output as the model reads it, with a note on truncation and the full-output file. */
export function outputText(snapshot: OutputSnapshot): string {
	const body = trimTrailingNewlines(snapshot.text);
	const parts = [body === "" ? "(no output)" : body];
	if (snapshot.truncated) parts.push(truncationNotice(snapshot));
	return parts.join("\n\n");
}

/** The final text: the output, then how the command ended unless it succeeded. */
export function resultText(snapshot: OutputSnapshot, details: BashToolDetails): string {
	const status = statusLine(details);
	return status === undefined ? outputText(snapshot) : `${outputText(snapshot)}\n\n${status}`;
}

function statusLine({ status, exitCode, signal, timeoutMs }: BashToolDetails): string | undefined {
	switch (status) {
		case "timed_out":
			return `Command timed out after ${seconds(timeoutMs)} s; it and every process it started were stopped.`;
		case "aborted":
			return "Command aborted; it and every process it started were stopped.";
		case "killed":
			return `Command was killed by signal ${signal}.`;
		case "running":
			return undefined;
		case "exited":
			return exitCode === 0 ? undefined : `Command exited with code ${exitCode}${exitCodeHint(exitCode)}.`;
	}
}

// Shells report a child killed by signal N as exit code 128 + N (137 after an OOM kill).
function exitCodeHint(exitCode: number | null): string {
	if (exitCode === null || exitCode <= 128) return "";
	const name = Object.entries(constants.signals).find(([, number]) => number === exitCode - 128)?.[0];
	return name === undefined ? "" : ` (128 + ${exitCode - 128}: a process was probably killed by ${name})`;
}

function truncationNotice(snapshot: OutputSnapshot): string {
	const shown =
		`Output truncated: showing the last ${snapshot.shownLines} of ${snapshot.totalLines} lines ` +
		`(${formatBytes(snapshot.shownBytes)} of ${formatBytes(snapshot.totalBytes)}).`;
	if (snapshot.fullOutputError !== undefined)
		return `[${shown} The full output could not be saved: ${snapshot.fullOutputError}]`;
	return `[${shown} Full output: ${snapshot.fullOutputPath}]`;
}

function trimTrailingNewlines(text: string): string {
	let end = text.length;
	while (end > 0 && text[end - 1] === "\n") end -= 1;
	return text.slice(0, end);
}

export function seconds(milliseconds: number): string {
	return String(Number((milliseconds / 1000).toFixed(1)));
}

export function formatBytes(bytes: number): string {
	if (bytes < 1024) return `${bytes} B`;
	if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
	return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
