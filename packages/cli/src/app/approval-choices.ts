import { access } from "node:fs/promises";
import { resolve } from "node:path";
import type { CallEffect, ToolView } from "@kestrel/agent-core";

/**
 * The answers to a permission question:
 * - `allow`: this call, once;
 * - `allow_call_session`: this call and every later call of the same tool with exactly the
 *   same arguments (for bash: the same command, character for character), until the session
 *   changes;
 * - `allow_session`: every call of this tool until the session changes;
 * - `deny`: refuse the call.
 */
export type ApprovalDecision = "allow" | "allow_call_session" | "allow_session" | "deny";

/** One answer a question offers, and what it allows, in words for the user. */
export interface ApprovalChoice {
	decision: ApprovalDecision;
	/** What the answer lets run, as the object of "allow": `this call, once`, `every bash call for the rest of the session`. */
	allows: string;
}

/**
 * The answers offered for a call. A call that runs commands (or does anything unknown)
 * can be allowed again for the session with the same arguments; a call to a protected file
 * only once, since such a call is asked every time.
 */
export function approvalChoices(
	toolName: string,
	summary: string,
	effect: CallEffect,
	isProtected: boolean,
): ApprovalChoice[] {
	const once: ApprovalChoice = { decision: "allow", allows: "this call, once" };
	const deny: ApprovalChoice = {
		decision: "deny",
		allows: "nothing: the call is refused, with a reason for the model if one is given",
	};
	if (isProtected) return [once, deny];
	return [
		once,
		...(effect.kind === "execute"
			? [
					{
						decision: "allow_call_session" as const,
						allows: `${summary} again, with exactly these arguments, for the rest of the session`,
					},
				]
			: []),
		{ decision: "allow_session", allows: `every ${toolName} call for the rest of the session` },
		deny,
	];
}

/**
 * The key of a call for "allow this call for the session": the tool's name and its
 * arguments as canonical JSON (keys sorted at every depth), so only an identical call
 * matches — never one that merely looks the same in a shortened summary.
 */
export function sameCallKey(toolName: string, args: Record<string, unknown>): string {
	return `${toolName}\u0000${JSON.stringify(sortKeys(args))}`;
}

function sortKeys(value: unknown): unknown {
	if (Array.isArray(value)) return value.map(sortKeys);
	if (typeof value !== "object" || value === null) return value;
	return Object.fromEntries(
		Object.keys(value)
			.sort()
			.map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]),
	);
}

/**
 * A numbered preview of a write that creates a file: every line of the new file, as a
 * unified diff hunk from line 1, so the prompt shows line numbers. `undefined` when the file
 * exists (or cannot be checked) or the change gives no content: the tool's own preview is
 * shown then.
 */
export async function newFilePreview(effect: CallEffect, cwd: string): Promise<ToolView | undefined> {
	if (effect.kind !== "write" || effect.change.path.startsWith("~")) return undefined;
	const exists = await access(resolve(cwd, effect.change.path)).then(
		() => true,
		(error: NodeJS.ErrnoException) => error.code !== "ENOENT",
	);
	if (exists) return undefined;
	let content: string | undefined;
	try {
		content = effect.change.after(undefined);
	} catch {
		return undefined;
	}
	if (typeof content !== "string" || content === "") return undefined;
	const lines = content.replace(/\n$/, "").split("\n");
	return {
		kind: "diff",
		diff: [`@@ -0,0 +1,${lines.length} @@`, ...lines.map((line) => `+${line}`)].join("\n"),
	};
}
