/**
 * The contract between commands and whatever runs them. Slash commands of the terminal
 * and RPC handlers both reach the agent through {@link AppOperations}, so a model switch,
 * a compaction or a new session behaves the same in both; a slash command also gets the
 * screen through {@link CommandHost} and never sees the interactive controller.
 */

import type { ToolPackCommandResult } from "@kestrel/agent-core";
import type { Model, ThinkingLevel, UserContent } from "@kestrel/ai";
import type { CompactionOutcome, Session, SessionInfo } from "@kestrel/harness";
import type { AvailableModel, SessionStats } from "../app/cli-app.js";
import type { PickerOption } from "../interactive/ui-state.js";
import type { PackCommandTable } from "./pack-command-table.js";

/**
 * The session and model operations every front end offers, over one `CliApp`
 * (`createAppOperations`). Failures are thrown as errors whose message says what to do.
 */
export interface AppOperations {
	/** The working folder: relative paths given to these operations are resolved against it. */
	readonly cwd: string;
	/** The model of the next request. */
	model(): Model;
	thinkingLevel(): ThinkingLevel;
	/** The catalogue and `models.json` models, with whether a key is at hand. */
	availableModels(): AvailableModel[];
	/** Switches to `provider/id[:thinking]` (or an id of the current provider); during a run, from the next request. */
	setModel(spec: string): Promise<Model>;
	/** Sets the thinking level; resolves with the level in effect (clamped to what the model offers). */
	setThinkingLevel(level: ThinkingLevel): Promise<ThinkingLevel>;
	/** Compacts now (idle only); the outcome also reaches listeners as `compaction_start` / `compaction_end`. */
	compact(instructions?: string): Promise<CompactionOutcome>;
	/** The session the agent works in now. */
	session(): Session;
	/** Starts a new session file (idle only). */
	newSession(): Promise<Session>;
	/** Continues in another session file of this folder (idle only). */
	switchSession(path: string): Promise<Session>;
	/** Continues in a copy of the path up to `entryId` (default the leaf, `null` nothing). */
	fork(entryId?: string | null): Promise<Session>;
	/** The session files of this folder. */
	listSessions(): Promise<SessionInfo[]>;
	/** Moves to another point of the session tree, optionally summarising the branch left (idle only). */
	navigate(targetId: string | null, options: { summarize: boolean }): Promise<void>;
	/** Totals of the session file, for `/session` and `get_session_stats`. */
	stats(): SessionStats;
	/** Writes the session (flushed first) as one HTML file; resolves with the file written. */
	exportHtml(path?: string): Promise<string>;
	/** The commands the session's tool packs offer now, with the names refused for clashing with built-in commands. */
	packCommands(): PackCommandTable;
	/**
	 * Runs the pack command `name` (one of {@link packCommands}). Throws a message naming
	 * the commands there are when no pack offers it.
	 */
	runPackCommand(name: string, args: string, signal: AbortSignal): Promise<ToolPackCommandResult>;
}

/**
 * What a slash command may do: the shared {@link AppOperations} and a few screen
 * operations. The interactive controller builds one; tests pass a fake.
 */
export interface CommandHost {
	readonly app: AppOperations;
	/** A run, a `!command` or a long command is in progress (commands that change the session wait for idle). */
	readonly working: boolean;
	/** One line (or a few) in the transcript. */
	notice(text: string): void;
	/** Opens a picker; resolves with the chosen value, or `undefined` when cancelled. */
	pick(title: string, options: PickerOption[], selected?: number): Promise<string | undefined>;
	/** A yes/no question; `undefined` when cancelled. */
	confirm(question: string): Promise<boolean | undefined>;
	/** Shows the last `max` entries of the current branch (all shown history when omitted), after a session change. */
	showHistory(max?: number): void;
	/** Puts text into the editor (to edit and send again). */
	setEditorText(text: string): void;
	/**
	 * Runs `work` as the host's current task: it counts as working, and Esc aborts it
	 * through `signal`. Rejects when another task runs.
	 */
	runTask<T>(label: string, work: (signal: AbortSignal) => Promise<T>): Promise<T>;
	/** Sends content to the model as the user's prompt (steered in while a run is in progress). */
	prompt(content: UserContent[]): Promise<void>;
	/** Leaves kestrel. */
	quit(): void;
}
