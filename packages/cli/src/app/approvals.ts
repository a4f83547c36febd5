import {
	type BeforeToolCallResult,
	type CallEffect,
	callEffect,
	type ToolCallHookContext,
	type ToolView,
} from "@kestrel/agent-core";
import { kestrelHome } from "@kestrel/harness";
import type { ApproveMode } from "../args/cli-options.js";
import { callSummary, previewView } from "../format/tool-views.js";
import { approvalFor, flagsAllowing } from "../permissions/approval-for.js";
import { type ProtectionContext, protectedWriteReason } from "../permissions/protected-paths.js";
import {
	type ApprovalChoice,
	type ApprovalDecision,
	approvalChoices,
	newFilePreview,
	sameCallKey,
} from "./approval-choices.js";

export type { ApprovalChoice, ApprovalDecision } from "./approval-choices.js";

/** A tool call waiting for the user's decision. */
export interface ApprovalRequest {
	toolCallId: string;
	toolName: string;
	args: Record<string, unknown>;
	/** One line that says what the call does, from the tool's display (`$ npm test`, a path), else its arguments. */
	summary: string;
	/**
	 * What the call would change, when it can be told: a new file's lines (numbered, from the
	 * call's declared file change), else the tool's own preview (an edit's `-`/`+` lines).
	 */
	preview?: ToolView;
	/** The answers this question takes, each with what it allows; the approver offers these. */
	choices: ApprovalChoice[];
	/**
	 * Set when the call changes a protected file (Kestrel's configuration, something that
	 * runs code by itself): why it is asked whatever `--approve` says. Such a call is asked
	 * every time: only `allow` (once) and `deny` are offered, and `allow_session` or
	 * `allow_call_session` allow it once.
	 */
	protectedReason?: string;
}

/**
 * The user's answer: once, this same call for the rest of the session, this tool for the
 * rest of the session, or no — with a reason for the model ({@link ApprovalDecision}).
 */
export type ApprovalAnswer =
	| { decision: Exclude<ApprovalDecision, "deny"> }
	| { decision: "deny"; reason?: string };

/** Asks the user (a terminal prompt, an RPC client). Resolves with the answer; rejects or aborts = deny. */
export type Approver = (request: ApprovalRequest, signal: AbortSignal) => Promise<ApprovalAnswer>;

/**
 * The permission gate of every mode: the mode (`ask`, `edits`, `all`) and what a call does
 * (its tool's declared `effects`, through agent-core's `callEffect`; a tool that declares
 * nothing counts as running commands) decide which calls need a question; a change to a protected file
 * ({@link protectedWriteReason}) needs one in every mode. The approver asks it. With no
 * approver (print, JSON) such a call is blocked with a reason for the model, and
 * {@link onRefusal} tells the user which flag would allow it.
 */
export class Approvals {
	private readonly allowedForSession = new Set<string>();
	/** {@link sameCallKey}s of calls allowed again for the session, with their summaries. */
	private readonly callsAllowedForSession = new Map<string, string>();
	approver: Approver | undefined;
	/** Called with one line for the user (no trailing newline) when a call is refused without asking. */
	onRefusal: ((notice: string) => void) | undefined;
	private readonly paths: ProtectionContext;

	constructor(
		public mode: ApproveMode,
		paths: Partial<ProtectionContext> = {},
	) {
		this.paths = {
			cwd: paths.cwd ?? process.cwd(),
			home: paths.home ?? kestrelHome(),
			...(paths.userHome === undefined ? {} : { userHome: paths.userHome }),
		};
	}

	/** Tools the user allowed for the rest of the session. */
	get sessionAllowed(): readonly string[] {
		return [...this.allowedForSession];
	}

	/** Summaries of the calls the user allowed again, with the same arguments, for the rest of the session. */
	get sessionAllowedCalls(): readonly string[] {
		return [...this.callsAllowedForSession.values()];
	}

	/** Forgets "allow for this session" answers (a new or switched session). */
	resetSession(): void {
		this.allowedForSession.clear();
		this.callsAllowedForSession.clear();
	}

	/** The `beforeToolCall` hook. */
	readonly beforeToolCall = async (
		context: ToolCallHookContext,
		signal: AbortSignal,
	): Promise<BeforeToolCallResult | undefined> => {
		const name = context.toolCall.name;
		const tool = context.context.tools?.find((candidate) => candidate.name === name);
		const args = recordOf(context.args ?? context.toolCall.arguments);
		const effect = callEffect(tool?.effects, args);
		const protectedReason =
			effect.kind === "write" ? await protectedWriteReason(effect, this.paths) : undefined;
		if (protectedReason === undefined) {
			if (approvalFor(this.mode, effect) === "allow" || this.allowedForSession.has(name)) return undefined;
			if (this.callsAllowedForSession.has(sameCallKey(name, args))) return undefined;
		}
		const target = effect.kind === "write" ? ` to ${effect.change.path}` : "";
		if (!this.approver) return this.refuse(name, target, effect, protectedReason);
		const summary = callSummary(tool?.display, args);
		const preview = (await newFilePreview(effect, this.paths.cwd)) ?? previewView(tool?.display, args);
		let answer: ApprovalAnswer;
		try {
			answer = await this.approver(
				{
					toolCallId: context.toolCall.id,
					toolName: name,
					args: context.toolCall.arguments,
					summary,
					...(preview === undefined ? {} : { preview }),
					choices: approvalChoices(name, summary, effect, protectedReason !== undefined),
					...(protectedReason === undefined ? {} : { protectedReason }),
				},
				signal,
			);
		} catch {
			answer = { decision: "deny", reason: "The question was not answered." };
		}
		if (protectedReason === undefined) {
			if (answer.decision === "allow_session") this.allowedForSession.add(name);
			if (answer.decision === "allow_call_session")
				this.callsAllowedForSession.set(sameCallKey(name, args), summary);
		}
		if (answer.decision !== "deny") return undefined;
		const reason = answer.reason?.trim();
		return {
			block: true,
			reason: reason ? `The user denied this ${name} call: ${reason}` : `The user denied this ${name} call.`,
		};
	};

	private refuse(
		name: string,
		target: string,
		effect: CallEffect,
		protectedReason: string | undefined,
	): BeforeToolCallResult {
		if (protectedReason !== undefined) {
			this.onRefusal?.(
				`refused the ${name} call${target}: ${protectedReason}. Kestrel asks before every change there, ` +
					"whatever --approve says, and nobody can answer in this mode; make the change yourself or run kestrel interactively.",
			);
			return {
				block: true,
				reason:
					`The ${name} call${target} was refused: ${protectedReason}. Kestrel asks the user before every change ` +
					"there, whatever --approve says, and nobody can answer now. Tell the user what to change instead.",
			};
		}
		const flags = flagsAllowing(effect);
		this.onRefusal?.(
			`refused the ${name} call${target}: it needs approval and nobody can answer in this mode; run kestrel with ${flags} to allow it.`,
		);
		return {
			block: true,
			reason: `The ${name} call was not approved: run kestrel with ${flags} to allow it.`,
		};
	}
}

function recordOf(value: unknown): Record<string, unknown> {
	return typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
}
