import type { AgentToolResult } from "@kestrel/agent-core";
import { errorCode, errorMessage } from "../operations/errors.js";
import { PathAccessError } from "../paths/path-resolver.js";

export function textResult<TDetails>(text: string, details: TDetails): AgentToolResult<TDetails> {
	return { content: [{ type: "text", text }], details };
}

/** A failure the model should see as one, with details for user interfaces. */
export function errorResult<TDetails>(text: string, details: TDetails): AgentToolResult<TDetails> {
	return { content: [{ type: "text", text }], details, isError: true };
}

/**
 * A file-system failure as a sentence for the model. Aborts are rethrown: the loop
 * reports them itself.
 */
export function describeFailure(error: unknown, display: string, signal?: AbortSignal): string {
	if (signal?.aborted) throw signal.reason ?? error;
	if (error instanceof PathAccessError) return error.message;
	switch (errorCode(error)) {
		case "ENOENT":
			return `${display} does not exist.`;
		case "ENOTDIR":
			return `${display} does not exist (a part of the path is a file, not a folder).`;
		case "EISDIR":
			return `${display} is a folder, not a file.`;
		case "EACCES":
		case "EPERM":
			return `Permission denied for ${display}.`;
		case "ELOOP":
			return `${display} is a loop of symbolic links.`;
		default:
			return `${display}: ${errorMessage(error)}`;
	}
}
