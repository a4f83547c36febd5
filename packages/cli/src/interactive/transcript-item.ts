/**
 * What the interactive transcript shows. Finished items are appended once and never
 * change (they go into Ink's `<Static>`); only the live message, the running tools and
 * the editor re-render.
 */
export type TranscriptItem =
	| { kind: "user"; id: number; text: string }
	/** A finished assistant message: its text (markdown) and thinking; `error` when it failed. */
	| { kind: "assistant"; id: number; text: string; thinking: string; error?: string }
	/** A finished tool execution with its arguments and result. */
	| {
			kind: "tool";
			id: number;
			name: string;
			args: Record<string, unknown>;
			resultText: string;
			details: unknown;
			isError: boolean;
	  }
	/** A `!command` run by the user; its output also went into the context. */
	| { kind: "shell"; id: number; command: string; output: string; exitCode: number | null }
	/** A one-line notice: compaction, retry, session changes, command results. */
	| { kind: "notice"; id: number; text: string }
	/** An error, shown in red with the harness's message. */
	| { kind: "error"; id: number; text: string };

/** Distributes `Omit` over the union, so that items can be built without their id. */
export type NewTranscriptItem = TranscriptItem extends infer Item
	? Item extends TranscriptItem
		? Omit<Item, "id">
		: never
	: never;

/** The assistant message being streamed. */
export interface LiveMessage {
	text: string;
	thinking: string;
	/** Tool calls the model is still writing (names only; arguments arrive with the execution). */
	toolCalls: string[];
}

/** A tool execution in progress. */
export interface RunningTool {
	toolCallId: string;
	name: string;
	args: Record<string, unknown>;
	/** The latest partial output (bash streams its output). */
	partialText: string;
}
