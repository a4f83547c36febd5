import type { ToolView } from "@kestrel/agent-core";
import type { ApprovalChoice } from "../../app/approvals.js";
/**
 * The lines `kestrel --mode rpc` writes on stdout, one JSON object per line. Commands (what
 * the client writes on stdin) are in `rpc-command-schema.ts`; the client's guide with
 * examples is `docs/rpc.md`.
 *
 * Order on stdout: `ready` first; then, for every input line, exactly one `response`,
 * interleaved with `event`, `approval_request`, `approval_cancelled` and `error` lines as
 * they happen. A `prompt`'s response comes before the `agent_start` of its run.
 */
import type { RpcCommandType } from "./rpc-command-schema.js";

/** What the client may put in `id`; `null` when the line had none or it could not be read. */
export type RpcId = string | number | null;

/**
 * Why a command failed:
 * - `parse_error`: the line is not a JSON object.
 * - `unknown_command`: `type` names no command.
 * - `invalid_params`: a field is missing, has the wrong type, or is not a field of the command (`field` names it).
 * - `busy`: the command cannot run while the agent runs (or another command is still working);
 *   the message says what to send instead (`steer`, `follow_up`, `abort`).
 * - `not_running`: `steer` / `follow_up` with no run to send them to; send `prompt`.
 * - `not_found`: no pending approval has this `requestId`.
 * - `failed`: the command ran and failed (unknown model, missing key, unreadable session file, …);
 *   the message says what to do.
 */
export type RpcErrorCode =
	| "parse_error"
	| "unknown_command"
	| "invalid_params"
	| "busy"
	| "not_running"
	| "not_found"
	| "failed";

export interface RpcError {
	code: RpcErrorCode;
	message: string;
	/** For `invalid_params`: the field, as a dotted path. */
	field?: string;
}

/** The answer to one input line. `command` is `null` when the line named no known command. */
export type RpcResponse =
	| { type: "response"; id: RpcId; command: RpcCommandType; success: true; data: unknown }
	| { type: "response"; id: RpcId; command: RpcCommandType | string | null; success: false; error: RpcError };

/** The first line: the protocol version and what the agent starts with. */
export interface RpcReadyLine {
	type: "ready";
	protocol: number;
	session: { id: string; path: string | null };
	model: { provider: string; id: string };
	thinkingLevel: string;
	/** The permission mode (`--approve`): which tool calls produce an `approval_request`. */
	approve: string;
	commands: readonly RpcCommandType[];
}

/**
 * A tool call waits for the client: answer with `approval_response { requestId, decision }`.
 * The run stays paused until then; an abort (or stdin closing) denies it and is reported
 * with `approval_cancelled`.
 */
export interface RpcApprovalRequestLine {
	type: "approval_request";
	requestId: string;
	toolCallId: string;
	toolName: string;
	args: Record<string, unknown>;
	/** One line that says what the call does, as its tool shows it (`$ npm test`, a path); JSON for tools that say nothing. */
	summary: string;
	/**
	 * What the call would change, when it can be told: a diff (`+`/`-` lines; numbered by
	 * `@@` hunk headers when positions are known, as for a new file) or a text.
	 */
	preview?: ToolView;
	/**
	 * The decisions this request takes, each with what it allows in words for the user
	 * (`{decision: "allow_call_session", allows: "$ npm test again, with exactly these
	 * arguments, for the rest of the session"}`): offer these.
	 */
	choices: ApprovalChoice[];
	/**
	 * Present when the call changes a protected file (Kestrel's configuration, something
	 * that runs code by itself): why it is asked whatever `--approve` says. Only `allow`
	 * and `deny` are offered; `allow_session` and `allow_call_session` allow such a call once.
	 */
	protected?: string;
}

/** A pending `approval_request` was withdrawn (the run was aborted); do not answer it. */
export interface RpcApprovalCancelledLine {
	type: "approval_cancelled";
	requestId: string;
}

/** A failure not tied to a command: a run that could not finish (its storage failed), an internal error. */
export interface RpcErrorLine {
	type: "error";
	error: { code: "run_failed" | "internal"; message: string };
}

/**
 * A harness event (`HarnessEvent` of `@kestrel/harness`, as in `--mode json`):
 * `{"type":"event","event":{…}}`. `message_update` carries only the provider event (the
 * delta), never the partial message.
 */
export interface RpcEventLine {
	type: "event";
	event: { type: string; [key: string]: unknown };
}

export type RpcOutputLine =
	| RpcReadyLine
	| RpcResponse
	| RpcEventLine
	| RpcApprovalRequestLine
	| RpcApprovalCancelledLine
	| RpcErrorLine;
