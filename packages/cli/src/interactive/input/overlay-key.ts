import type { ApprovalDecision } from "../../app/approvals.js";
import type { Overlay, PickerOption } from "../ui-state.js";
import type { KeyPress } from "./key-press.js";

/** The key that gives each answer of an approval prompt (only the answers the question offers are taken). */
export const APPROVAL_KEYS: Readonly<Record<ApprovalDecision, string>> = {
	allow: "y",
	allow_call_session: "c",
	allow_session: "a",
	deny: "n",
};

/**
 * One key for the open picker, question or approval prompt: answers it through its
 * callbacks, or gives the next state of the overlay to `setOverlay` (a filter or reason
 * being typed, the selection moving).
 */
export function overlayKey(
	overlay: Overlay,
	input: string,
	key: KeyPress,
	setOverlay: (overlay: Overlay) => void,
): void {
	const cancel = key.escape || (key.ctrl && input === "c");
	if (overlay.kind === "confirm") {
		if (cancel) overlay.onCancel();
		else if (/^[yY]$/.test(input)) overlay.onAnswer(true);
		else if (/^[nN]$/.test(input)) overlay.onAnswer(false);
		return;
	}
	if (overlay.kind === "approval") {
		if (overlay.reason === undefined) {
			const choice = overlay.request.choices.find((offered) => APPROVAL_KEYS[offered.decision] === input);
			if (choice?.decision === "deny") setOverlay({ ...overlay, reason: "" });
			else if (choice) overlay.answer({ decision: choice.decision });
			else if (cancel) overlay.answer({ decision: "deny" });
			return;
		}
		if (key.return) {
			const reason = overlay.reason.trim();
			overlay.answer(reason === "" ? { decision: "deny" } : { decision: "deny", reason });
		} else if (cancel) overlay.answer({ decision: "deny" });
		else if (key.backspace || key.delete) setOverlay({ ...overlay, reason: overlay.reason.slice(0, -1) });
		else if (!key.ctrl && !key.meta && input !== "")
			setOverlay({ ...overlay, reason: overlay.reason + input });
		return;
	}
	const visible = filterOptions(overlay.options, overlay.filter);
	if (cancel) overlay.onCancel();
	else if (key.return) {
		const option = visible[overlay.selected];
		if (option) overlay.onSelect(option.value);
	} else if (key.upArrow) setOverlay({ ...overlay, selected: Math.max(0, overlay.selected - 1) });
	else if (key.downArrow)
		setOverlay({ ...overlay, selected: Math.min(visible.length - 1, overlay.selected + 1) });
	else if (key.backspace || key.delete)
		setOverlay({ ...overlay, filter: overlay.filter.slice(0, -1), selected: 0 });
	else if (!key.ctrl && !key.meta && input !== "" && !key.tab)
		setOverlay({ ...overlay, filter: overlay.filter + input, selected: 0 });
}

/** The picker rows whose label contains every word of `filter` (case-insensitive). */
export function filterOptions(options: readonly PickerOption[], filter: string): PickerOption[] {
	const words = filter.toLowerCase().split(/\s+/).filter(Boolean);
	if (words.length === 0) return [...options];
	return options.filter((option) => {
		const label = `${option.label} ${option.hint ?? ""}`.toLowerCase();
		return words.every((word) => label.includes(word));
	});
}
