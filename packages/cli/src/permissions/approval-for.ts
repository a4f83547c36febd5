import type { CallEffect } from "@kestrel/agent-core";
import type { ApproveMode } from "../args/cli-options.js";

/** What a permission mode says about one tool call. */
export type Approval = "allow" | "ask";

/**
 * The permission policy, pure, by what a call does (its tool's declared effects):
 * - `all` allows every call;
 * - `edits` allows reads (local or reaching the network) and file changes, and asks before
 *   running anything;
 * - `ask` allows only local reads: a read that reaches the network could send what the
 *   model has seen elsewhere, so it is asked.
 *
 * A tool that declares nothing counts as running commands. Changes to protected files
 * ask in every mode: see `protectedWriteReason`.
 */
export function approvalFor(mode: ApproveMode, effect: CallEffect): Approval {
	if (mode === "all") return "allow";
	if (effect.kind === "read" && !effect.openWorld) return "allow";
	if (mode === "edits" && (effect.kind === "read" || effect.kind === "write")) return "allow";
	return "ask";
}

/** The `--approve` values that allow a call with this effect without a question. */
export function flagsAllowing(effect: CallEffect): string {
	return effect.kind === "execute" ? "--approve all" : "--approve edits or --approve all";
}
