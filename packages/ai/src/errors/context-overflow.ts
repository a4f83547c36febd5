import type { AssistantMessage } from "../types.js";
import { isContextOverflowMessage } from "./overflow-patterns.js";

/**
 * Whether a response shows that the prompt did not fit the model's context window, in
 * any of the three ways servers say it:
 *
 * 1. typed: the provider classified the failure as `overflow` (an error code, HTTP 413,
 *    or the wording table applied where the failure happened);
 * 2. worded: an error whose message matches the wording table (for messages built
 *    elsewhere, e.g. restored from a session file written before classification);
 * 3. silent: the server accepted an oversized prompt and answered anyway, reporting more
 *    input tokens than `contextWindow` (some llama.cpp and vLLM setups truncate or
 *    overrun instead of failing). Pass the window to detect this kind.
 *
 * Servers that truncate silently *and* report the truncated count cannot be detected
 * from the response; compaction's own token estimate covers them.
 */
export function isContextOverflow(message: AssistantMessage, contextWindow?: number): boolean {
	if (message.stopReason === "error") {
		if (message.error?.kind === "overflow") return true;
		if (
			message.error === undefined ||
			message.error.kind === "invalid_request" ||
			message.error.kind === "unknown"
		) {
			return message.errorMessage !== undefined && isContextOverflowMessage(message.errorMessage);
		}
		return false;
	}
	if (contextWindow === undefined || contextWindow <= 0) return false;
	const { input, cacheRead, cacheWrite } = message.usage;
	return input + cacheRead + cacheWrite > contextWindow;
}
