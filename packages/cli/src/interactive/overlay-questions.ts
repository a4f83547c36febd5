import type { ApprovalAnswer, ApprovalRequest } from "../app/approvals.js";
import type { Overlay, PickerOption, UiState } from "./ui-state.js";
import type { UiStore } from "./ui-store.js";

/**
 * The questions the terminal asks in place of the editor: a picker, a yes/no question
 * and a tool approval. Each resolves with the answer and takes the overlay down; approvals
 * are asked one at a time, in the order the calls were prepared.
 */
export class OverlayQuestions {
	private approvalQueue: Promise<unknown> = Promise.resolve();

	constructor(private readonly store: UiStore) {}

	/** Opens a picker; resolves with the chosen value, or `undefined` when cancelled. */
	pick(title: string, options: PickerOption[], selected = 0): Promise<string | undefined> {
		return new Promise((resolve) => {
			this.show({
				kind: "picker",
				title,
				options,
				selected: Math.max(0, Math.min(selected, options.length - 1)),
				filter: "",
				onSelect: (value) => {
					this.show(undefined);
					resolve(value);
				},
				onCancel: () => {
					this.show(undefined);
					resolve(undefined);
				},
			});
		});
	}

	/** Asks a yes/no question; `undefined` when cancelled with Esc. */
	confirm(question: string): Promise<boolean | undefined> {
		return new Promise((resolve) => {
			this.show({
				kind: "confirm",
				question,
				onAnswer: (yes) => {
					this.show(undefined);
					resolve(yes);
				},
				onCancel: () => {
					this.show(undefined);
					resolve(undefined);
				},
			});
		});
	}

	/** Asks whether a tool call may run; rejects when `signal` fires first (the run was aborted). */
	approve(request: ApprovalRequest, signal: AbortSignal): Promise<ApprovalAnswer> {
		const answer = this.approvalQueue.then(
			() =>
				new Promise<ApprovalAnswer>((resolve, reject) => {
					if (signal.aborted) {
						reject(new Error("aborted"));
						return;
					}
					const onAbort = () => {
						this.show(undefined);
						reject(new Error("aborted"));
					};
					signal.addEventListener("abort", onAbort, { once: true });
					this.show({
						kind: "approval",
						request,
						reason: undefined,
						answer: (value) => {
							signal.removeEventListener("abort", onAbort);
							this.show(undefined);
							resolve(value);
						},
					});
				}),
		);
		this.approvalQueue = answer.catch(() => undefined);
		return answer;
	}

	/** Shows `overlay` in place of the editor, or takes it down. */
	show(overlay: Overlay | undefined): void {
		this.store.update((state: UiState) => ({ ...state, overlay }));
	}
}
