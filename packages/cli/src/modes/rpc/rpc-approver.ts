import type { ApprovalAnswer, ApprovalRequest, Approver } from "../../app/approvals.js";
import type { RpcApprovalCancelledLine, RpcApprovalRequestLine } from "./rpc-protocol.js";

interface Pending {
	resolve(answer: ApprovalAnswer): void;
}

/**
 * Forwards permission questions to the RPC client: each becomes an `approval_request` line
 * with a fresh `requestId`, and waits for {@link answer}. An aborted run withdraws its
 * question (`approval_cancelled`) and the call is denied.
 */
export class RpcApprover {
	private readonly pending = new Map<string, Pending>();
	private nextNumber = 1;

	constructor(private readonly write: (line: RpcApprovalRequestLine | RpcApprovalCancelledLine) => void) {}

	/** The `Approver` to install as `app.approvals.approver`. */
	readonly approver: Approver = (request: ApprovalRequest, signal: AbortSignal) => {
		const requestId = `approval-${this.nextNumber++}`;
		return new Promise<ApprovalAnswer>((resolve) => {
			if (signal.aborted) {
				resolve({ decision: "deny", reason: "The run was aborted." });
				return;
			}
			const onAbort = () => {
				this.pending.delete(requestId);
				this.write({ type: "approval_cancelled", requestId });
				resolve({ decision: "deny", reason: "The run was aborted." });
			};
			signal.addEventListener("abort", onAbort, { once: true });
			this.pending.set(requestId, {
				resolve: (answer) => {
					signal.removeEventListener("abort", onAbort);
					this.pending.delete(requestId);
					resolve(answer);
				},
			});
			this.write({
				type: "approval_request",
				requestId,
				toolCallId: request.toolCallId,
				toolName: request.toolName,
				args: request.args,
				summary: request.summary,
				...(request.preview === undefined ? {} : { preview: request.preview }),
				choices: request.choices,
				...(request.protectedReason === undefined ? {} : { protected: request.protectedReason }),
			});
		});
	};

	/** Answers a pending request; false when none has this id (answered, withdrawn or never asked). */
	answer(requestId: string, answer: ApprovalAnswer): boolean {
		const pending = this.pending.get(requestId);
		if (!pending) return false;
		pending.resolve(answer);
		return true;
	}

	/** The ids still waiting for an answer. */
	get waiting(): string[] {
		return [...this.pending.keys()];
	}
}
