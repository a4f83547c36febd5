import type { BeforeToolCallResult, ToolCallHookContext } from "@kestrel/agent-core";
import type { ApproveMode } from "../args/cli-options.js";
import { approvalFor, EDIT_TOOLS } from "../permissions/approval-for.js";

/** A tool call waiting for the user's decision. */
export interface ApprovalRequest {
	toolCallId: string;
	toolName: string;
	args: Record<string, unknown>;
}

/** The user's answer: once, for the rest of the session (this tool), or no — with a reason for the model. */
export type ApprovalAnswer =
	| { decision: "allow" }
	| { decision: "allow_session" }
	| { decision: "deny"; reason?: string };

/** Asks the user (a terminal prompt, an RPC client). Resolves with the answer; rejects or aborts = deny. */
export type Approver = (request: ApprovalRequest, signal: AbortSignal) => Promise<ApprovalAnswer>;

/**
 * The permission gate of every mode: the mode (`ask`, `edits`, `all`) decides which calls
 * need a question; the approver asks it. With no approver (print, JSON) such a call is
 * blocked with a reason that tells the user which flag allows it.
 */
export class Approvals {
	private readonly allowedForSession = new Set<string>();
	approver: Approver | undefined;

	constructor(public mode: ApproveMode) {}

	/** Tools the user allowed for the rest of the session. */
	get sessionAllowed(): readonly string[] {
		return [...this.allowedForSession];
	}

	/** Forgets "allow for this session" answers (a new or switched session). */
	resetSession(): void {
		this.allowedForSession.clear();
	}

	/** The `beforeToolCall` hook. */
	readonly beforeToolCall = async (
		context: ToolCallHookContext,
		signal: AbortSignal,
	): Promise<BeforeToolCallResult | undefined> => {
		const name = context.toolCall.name;
		if (approvalFor(this.mode, name) === "allow" || this.allowedForSession.has(name)) return undefined;
		if (!this.approver) {
			const flags = EDIT_TOOLS.has(name) ? "--approve edits or --approve all" : "--approve all";
			return {
				block: true,
				reason: `The ${name} call was not approved: run kestrel with ${flags} to allow it.`,
			};
		}
		let answer: ApprovalAnswer;
		try {
			answer = await this.approver(
				{ toolCallId: context.toolCall.id, toolName: name, args: context.toolCall.arguments },
				signal,
			);
		} catch {
			answer = { decision: "deny", reason: "The question was not answered." };
		}
		if (answer.decision === "allow_session") this.allowedForSession.add(name);
		if (answer.decision !== "deny") return undefined;
		const reason = answer.reason?.trim();
		return {
			block: true,
			reason: reason ? `The user denied this ${name} call: ${reason}` : `The user denied this ${name} call.`,
		};
	};
}
