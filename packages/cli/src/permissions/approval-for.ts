import type { ApproveMode } from "../args/cli-options.js";
import type { CallEffect } from "./tool-effects.js";

/** What a permission mode says about one tool call. */
export type Approval = "allow" | "ask";

/**
 * The permission policy, pure, by what a call does: `all` allows every call; `edits`
 * allows reads and file changes and asks before running anything; `ask` allows only
 * reads. Changes to protected files ask in every mode: see `protectedWriteReason`.
 */
export function approvalFor(mode: ApproveMode, effect: CallEffect["kind"]): Approval {
	if (mode === "all" || effect === "read") return "allow";
	if (mode === "edits" && effect === "write") return "allow";
	return "ask";
}

/** The `--approve` values that allow a call with this effect without a question. */
export function flagsAllowing(effect: CallEffect["kind"]): string {
	return effect === "write" ? "--approve edits or --approve all" : "--approve all";
}
