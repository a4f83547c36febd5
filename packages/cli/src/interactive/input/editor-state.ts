import { splitChunk } from "./key-chunk.js";
import type { KeyPress } from "./key-press.js";

/** The prompt editor: its text, the cursor (an offset into `text`) and the sent-prompt history. */
export interface EditorState {
	text: string;
	cursor: number;
	history: readonly string[];
	/** Position while browsing history (`history.length` = the draft). */
	historyIndex: number;
	/** The unsent text kept while browsing history. */
	draft: string;
	/** When Ctrl+C was last pressed (ms), to tell a second press within {@link QUIT_WINDOW_MS}. */
	lastInterruptAt: number | undefined;
}

/** Two Ctrl+C presses within this many milliseconds quit. */
export const QUIT_WINDOW_MS = 2000;

/** What a key asks the controller to do besides editing. */
export type EditorAction =
	/** Enter: `prompt` when idle, `steer` when working. */
	| { type: "submit"; text: string }
	/** Alt+Enter while working. */
	| { type: "follow_up"; text: string }
	| { type: "abort" }
	| { type: "toggle_thinking" }
	/** The first Ctrl+C (the editor was cleared). */
	| { type: "interrupt" }
	/** The second Ctrl+C within the window. */
	| { type: "quit" };

export function emptyEditor(history: readonly string[] = []): EditorState {
	return {
		text: "",
		cursor: 0,
		history,
		historyIndex: history.length,
		draft: "",
		lastInterruptAt: undefined,
	};
}

/** Replaces the text (cursor at the end), as when queued messages come back after Esc. */
export function withText(state: EditorState, text: string): EditorState {
	return { ...state, text, cursor: text.length };
}

/**
 * The editor's key handling, pure: returns the next state and what the key asks for.
 * `working` says whether the agent runs (Alt+Enter queues a follow-up then, and inserts a
 * newline when idle); `now` is the time of the key in milliseconds.
 */
export function editorKey(
	state: EditorState,
	input: string,
	key: KeyPress,
	working: boolean,
	now: number,
): { state: EditorState; action?: EditorAction } {
	if (key.ctrl && input === "c") {
		if (state.lastInterruptAt !== undefined && now - state.lastInterruptAt <= QUIT_WINDOW_MS) {
			return { state: { ...state, lastInterruptAt: undefined }, action: { type: "quit" } };
		}
		return {
			state: {
				...state,
				text: "",
				cursor: 0,
				historyIndex: state.history.length,
				lastInterruptAt: now,
			},
			action: { type: "interrupt" },
		};
	}
	const next = { ...state, lastInterruptAt: undefined };
	if (key.escape && !key.return) return { state: next, action: { type: "abort" } };
	if (key.return) {
		if (key.meta) {
			if (!working) return { state: insert(next, "\n") };
			return send(next, "follow_up");
		}
		return send(next, "submit");
	}
	if (key.ctrl && input === "t") return { state: next, action: { type: "toggle_thinking" } };
	if ((key.backspace && key.meta) || (key.ctrl && input === "w")) return { state: deleteWordBefore(next) };
	if (key.ctrl && input === "k") {
		return { state: { ...next, text: next.text.slice(0, next.cursor) + next.text.slice(lineEnd(next)) } };
	}
	if (key.delete) {
		// The Delete key (Ink reads DEL and BS as Backspace): the character at the cursor.
		return { state: { ...next, text: next.text.slice(0, next.cursor) + next.text.slice(next.cursor + 1) } };
	}
	if (key.backspace) {
		if (next.cursor === 0) return { state: next };
		return {
			state: {
				...next,
				text: next.text.slice(0, next.cursor - 1) + next.text.slice(next.cursor),
				cursor: next.cursor - 1,
			},
		};
	}
	if (key.leftArrow) return { state: { ...next, cursor: Math.max(0, next.cursor - 1) } };
	if (key.rightArrow) return { state: { ...next, cursor: Math.min(next.text.length, next.cursor + 1) } };
	if (key.home || (key.ctrl && input === "a")) return { state: { ...next, cursor: lineStart(next) } };
	if (key.end || (key.ctrl && input === "e")) return { state: { ...next, cursor: lineEnd(next) } };
	if (key.ctrl && input === "u") return { state: { ...next, text: "", cursor: 0 } };
	if (key.upArrow) return { state: browseHistory(next, -1) };
	if (key.downArrow) return { state: browseHistory(next, 1) };
	if (key.ctrl || key.meta || key.tab || input === "") return { state: next };
	// Without bracketed paste (a terminal that ignores it), one line of typing and its Enter
	// can arrive in one read (a slow SSH link, automation): that is text and a submit. A
	// paste of several lines keeps its breaks.
	if (input.length > 1 && input.endsWith("\r") && !/[\r\n]/.test(input.slice(0, -1))) {
		return send(insert(next, typedText(input.slice(0, -1))), "submit");
	}
	// Terminals send Enter inside pasted text as \r.
	const text = typedText(input);
	return { state: text === "" ? next : insert(next, text) };
}

/** What {@link editorInput} made of a chunk: the next state and what its keys asked for, in order. */
export interface EditorInputResult {
	state: EditorState;
	actions: EditorAction[];
}

/**
 * A whole chunk of terminal input for the editor, pure: split into keys and pastes
 * ({@link splitChunk}: several Backspaces, arrows, a mix of keys and text) and applied in
 * order. Tab is ignored here (the controller completes). A control character is never
 * inserted as text.
 */
export function editorInput(
	state: EditorState,
	chunk: string,
	working: boolean,
	now: number,
): EditorInputResult {
	const actions: EditorAction[] = [];
	let current = state;
	for (const event of splitChunk(chunk)) {
		if (event.kind === "paste") {
			current = editorPaste(current, event.text);
			continue;
		}
		const result = editorKey(current, event.input, event.key, working, now);
		current = result.state;
		if (result.action) actions.push(result.action);
	}
	return { state: current, actions };
}

/** Typed text as editor text: `\r` is a line break, other control characters are dropped. */
function typedText(input: string): string {
	// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed.
	return input.replace(/\r\n?/g, "\n").replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, "");
}

/**
 * A paste (Ink's `usePaste`: the terminal's bracketed paste, whole): inserted at the cursor
 * as text, its line breaks kept, so a pasted line break never sends the prompt.
 */
export function editorPaste(state: EditorState, text: string): EditorState {
	return insert({ ...state, lastInterruptAt: undefined }, pastedText(text));
}

/**
 * Pasted text as editor text. Terminals send line breaks as `\r`; escape sequences and
 * other control characters (arrows, Ctrl+letter copied along) are dropped, never acted on.
 * Tabs and line breaks stay.
 */
export function pastedText(text: string): string {
	return (
		text
			.replace(/\r\n?/g, "\n")
			// CSI (`ESC [` … final byte) and SS3 (`ESC O` + one byte) sequences, then any other ESC pair.
			// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed.
			.replace(/\u001b(?:\[[0-?]*[ -/]*[@-~]|O.|.)?/gs, "")
			// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed.
			.replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, "")
	);
}

function send(
	state: EditorState,
	type: "submit" | "follow_up",
): { state: EditorState; action?: EditorAction } {
	const text = state.text.trim();
	if (text === "") return { state };
	const history = state.history.at(-1) === text ? state.history : [...state.history, text];
	return {
		state: { ...state, text: "", cursor: 0, history, historyIndex: history.length, draft: "" },
		action: { type, text },
	};
}

function insert(state: EditorState, text: string): EditorState {
	return {
		...state,
		text: state.text.slice(0, state.cursor) + text + state.text.slice(state.cursor),
		cursor: state.cursor + text.length,
	};
}

function browseHistory(state: EditorState, step: -1 | 1): EditorState {
	const index = state.historyIndex + step;
	if (index < 0 || index > state.history.length) return state;
	const draft = state.historyIndex === state.history.length ? state.text : state.draft;
	const text = index === state.history.length ? draft : (state.history[index] ?? "");
	return { ...state, text, cursor: text.length, historyIndex: index, draft };
}

/** Alt+Backspace, Ctrl+W: the word before the cursor and the spaces after it. */
function deleteWordBefore(state: EditorState): EditorState {
	const before = state.text.slice(0, state.cursor).replace(/\S*\s*$/, "");
	return { ...state, text: before + state.text.slice(state.cursor), cursor: before.length };
}

function lineStart(state: EditorState): number {
	return state.text.lastIndexOf("\n", state.cursor - 1) + 1;
}

function lineEnd(state: EditorState): number {
	const end = state.text.indexOf("\n", state.cursor);
	return end === -1 ? state.text.length : end;
}
