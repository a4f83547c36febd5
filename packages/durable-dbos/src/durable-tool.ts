import type { AgentTool } from "@kestrel/agent-core";

/**
 * What a durable run does with a call of this tool that was running when its worker died
 * (the call started, no result was recorded):
 * - `retry`: run it again on the worker that resumes the run. For tools whose effect does
 *   not change when repeated: reads, searches, writes of a whole file.
 * - `fail`: do not run it again; the run ends with a `DurableRunError` of code
 *   `tool_interrupted`, so a person can check what the call did. For payments, e-mails,
 *   anything that must not happen twice.
 */
export type CrashPolicy = "retry" | "fail";

const policies = new WeakMap<AgentTool, CrashPolicy>();

/**
 * Declares how a durable run treats a call of `tool` interrupted by a crash (see
 * {@link CrashPolicy}); returns the same tool, so it can wrap a tool where it is listed.
 * Tools without a declaration count as `fail`, unless they declare read effects only
 * (`effects.kind === "read"`), which count as `retry`.
 *
 * (The declaration lives here because the tool contract of `@kestrel/agent-core` has no
 * field for it yet; it fits `AgentTool.effects` as an `idempotent` flag later.)
 */
export function durableTool<T extends AgentTool>(tool: T, options: { onCrash: CrashPolicy }): T {
	policies.set(tool, options.onCrash);
	return tool;
}

/** The policy of a tool: its declaration, else `retry` for read-only tools and `fail` for the rest. */
export function crashPolicyOf(tool: AgentTool, byName?: Readonly<Record<string, CrashPolicy>>): CrashPolicy {
	const declared = policies.get(tool) ?? byName?.[tool.name];
	if (declared) return declared;
	return tool.effects?.kind === "read" ? "retry" : "fail";
}
