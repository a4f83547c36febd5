import type { ApprovalAnswer, ApprovalRequest } from "../app/approvals.js";
import type { StatusInfo } from "./format/status-line.js";
import type { CommandMenu } from "./input/command-menu.js";
import { type EditorState, emptyEditor } from "./input/editor-state.js";
import type { LiveMessage, RunningTool, TranscriptItem } from "./transcript-item.js";

/** One choice of a picker. */
export interface PickerOption {
	label: string;
	/** Shown dimmed after the label. */
	hint?: string;
	value: string;
}

/** What takes the keyboard instead of the editor. */
export type Overlay =
	| {
			kind: "picker";
			title: string;
			options: PickerOption[];
			selected: number;
			filter: string;
			onSelect: (value: string) => void;
			onCancel: () => void;
	  }
	/** A yes/no question. */
	| { kind: "confirm"; question: string; onAnswer: (yes: boolean) => void; onCancel: () => void }
	/** A tool call waiting for y / a / n; after `n`, the reason being typed. */
	| {
			kind: "approval";
			request: ApprovalRequest;
			reason: string | undefined;
			answer: (answer: ApprovalAnswer) => void;
	  };

/** Everything the interactive screen shows. */
export interface UiState {
	/** Finished items, append-only: each is rendered once. */
	items: readonly TranscriptItem[];
	live: LiveMessage | undefined;
	tools: readonly RunningTool[];
	status: StatusInfo;
	editor: EditorState;
	overlay: Overlay | undefined;
	showThinking: boolean;
	/** A transient hint under the editor ("Press Ctrl+C again to quit"). */
	hint: string | undefined;
	/** The `/` command menu under the editor, while a command name is typed. */
	menu: CommandMenu | undefined;
}

export function initialUiState(status: StatusInfo): UiState {
	return {
		items: [],
		live: undefined,
		tools: [],
		status,
		editor: emptyEditor(),
		overlay: undefined,
		showThinking: false,
		hint: undefined,
		menu: undefined,
	};
}
