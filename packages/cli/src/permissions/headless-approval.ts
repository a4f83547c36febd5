import type { BeforeToolCallResult, ToolCallHookContext } from "@kestrel/agent-core";
import type { ApproveMode } from "../args/cli-options.js";
import { approvalFor, EDIT_TOOLS } from "./approval-for.js";

/**
 * A `beforeToolCall` hook for modes where nobody can answer a question (print, JSON):
 * a call the mode would ask about is blocked, with a reason the model reads.
 */
export function headlessApproval(
	mode: ApproveMode,
): (context: ToolCallHookContext) => BeforeToolCallResult | undefined {
	return (context) => {
		const name = context.toolCall.name;
		if (approvalFor(mode, name) === "allow") return undefined;
		const flags = EDIT_TOOLS.has(name) ? "--approve edits or --approve all" : "--approve all";
		return {
			block: true,
			reason: `The ${name} call was not approved: run kestrel with ${flags} to allow it.`,
		};
	};
}
