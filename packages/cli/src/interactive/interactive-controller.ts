import type { UserContent } from "@kestrel/ai";
import type { HarnessEvent } from "@kestrel/harness";
import type { CliApp } from "../app/cli-app.js";
import { createAppOperations } from "../commands/app-operations.js";
import type { AppOperations, CommandHost } from "../commands/command-host.js";
import { runPackCommand } from "./commands/run-pack-command.js";
import { runSlashCommand } from "./commands/run-slash-command.js";
import { sessionHistory } from "./format/session-history.js";
import type { StatusInfo } from "./format/status-line.js";
import { welcomeLine } from "./format/welcome.js";
import { FrameBatcher } from "./frame-batcher.js";
import { applyHarnessEvent, type EventView } from "./harness-event-view.js";
import { type CommandMenu, commandMenu, menuCommands, menuKey } from "./input/command-menu.js";
import { type EditorState, editorKey, editorPaste, pastedText, withText } from "./input/editor-state.js";
import { expandFileReferences, type FileReader } from "./input/expand-file-references.js";
import { isMixedChunk, splitChunk } from "./input/key-chunk.js";
import { type KeyPress, keyPress } from "./input/key-press.js";
import { overlayKey } from "./input/overlay-key.js";
import { pathToken, readPathEntries } from "./input/path-completion.js";
import { runShellCommand } from "./input/run-shell-command.js";
import { BUILT_IN_COMMAND_NAMES, parseEditorInput, unknownCommandMessage } from "./input/slash-command.js";
import { tabCommand, tabPath } from "./input/tab-completion.js";
import { OverlayQuestions } from "./overlay-questions.js";
import type { Overlay, PickerOption } from "./ui-state.js";
import { initialUiState } from "./ui-state.js";
import { UiStore } from "./ui-store.js";

export interface ControllerOptions {
	/** The clock for the Ctrl+C window (injectable for tests). */
	now?: () => number;
	fileReader?: FileReader;
}

/**
 * The interactive mode without the terminal: turns harness events into screen state,
 * keys into editor edits and agent calls, sent lines into prompts, steering, follow-ups,
 * shell commands and slash commands, and tool approvals into prompts. Ink components
 * only read its store and forward keys.
 *
 * Longer than 400 lines because it is the one place where keys, harness events and
 * overlays meet: what stands alone (key decoding, the editor, the menu, completion, the
 * questions, the slash commands, the formatting) lives in `input/`, `commands/`,
 * `format/` and `overlay-questions.ts`, and each is tested there.
 */
export class InteractiveController {
	readonly store: UiStore;
	/** Resolves when the user quits. */
	readonly exited: Promise<void>;
	private resolveExit!: () => void;
	private unsubscribe: (() => void) | undefined;
	private readonly now: () => number;
	/** A prompt is being prepared (files attached) and has not reached the harness yet. */
	private preparing = false;
	/** A `!command` or a long command runs: Esc aborts it through `abort`; `label` names it in messages. */
	private task: { label: string; abort: AbortController } | undefined;
	/** Pack commands refused for their name, already reported (each is reported once). */
	private readonly reportedRefusals = new Set<string>();
	/** Streaming deltas (text and tool output) reach the screen at most once per frame. */
	private readonly deltas = new FrameBatcher<EventView>((view) => this.showView(view), FRAME_MS);

	/** What slash commands get: the shared operations and this screen (see {@link CommandHost}). */
	readonly host: CommandHost;
	private readonly questions: OverlayQuestions;
	private readonly operations: AppOperations;

	constructor(
		readonly app: CliApp,
		private readonly options: ControllerOptions = {},
	) {
		this.now = options.now ?? Date.now;
		this.operations = createAppOperations(app);
		this.host = this.createHost();
		this.store = new UiStore(initialUiState(this.readStatus(false)));
		this.questions = new OverlayQuestions(this.store);
		this.exited = new Promise((resolve) => {
			this.resolveExit = resolve;
		});
	}

	/** Listens to the harness and answers tool approvals from now on. */
	start(): void {
		this.unsubscribe = this.app.harness.subscribe((event) => {
			if (event.type === "queue_update") {
				this.store.update((state) => ({
					...state,
					status: {
						...state.status,
						queuedSteering: event.steering.length,
						queuedFollowUp: event.followUp.length,
					},
				}));
				return;
			}
			const state = this.store.getState();
			const effect = applyHarnessEvent(
				this.deltas.peek() ?? { live: state.live, tools: state.tools, working: state.status.working },
				event,
				(outcome) => this.app.describeRunError(outcome),
				(failure) => this.app.describeFailure(failure),
			);
			if (isDelta(event) && effect.items.length === 0 && !effect.refreshStatus) {
				this.deltas.defer(effect.view);
				return;
			}
			// Anything else is shown at once, after the deltas before it.
			this.deltas.cancel();
			this.store.update((current) => ({
				...current,
				live: effect.view.live,
				tools: effect.view.tools,
				status: effect.refreshStatus
					? this.readStatus(effect.view.working)
					: { ...current.status, working: effect.view.working },
			}));
			this.store.append(...effect.items);
		});
		this.app.approvals.approver = (request, signal) => this.questions.approve(request, signal);
	}

	/** Stops listening; a pending approval is denied. */
	dispose(): void {
		this.unsubscribe?.();
		this.deltas.cancel();
		this.app.approvals.approver = undefined;
		this.task?.abort.abort();
		const overlay = this.store.getState().overlay;
		if (overlay?.kind === "approval") overlay.answer({ decision: "deny", reason: "kestrel is closing." });
	}

	private showView(view: EventView): void {
		this.store.update((current) => ({
			...current,
			live: view.live,
			tools: view.tools,
			status: { ...current.status, working: view.working },
		}));
	}

	get working(): boolean {
		return this.app.harness.running || this.preparing || this.task !== undefined;
	}

	quit(): void {
		this.resolveExit();
	}

	notice(text: string): void {
		this.store.append({ kind: "notice", text });
	}

	error(text: string): void {
		this.store.append({ kind: "error", text });
	}

	/** Reads model, context use, tokens and cost again (O(session): at turn ends and after commands only). */
	refreshStatus(): void {
		this.store.update((state) => ({ ...state, status: this.readStatus(this.app.harness.running) }));
	}

	/** Opens a picker; resolves with the chosen value, or `undefined` when cancelled. */
	pick(title: string, options: PickerOption[], selected = 0): Promise<string | undefined> {
		return this.questions.pick(title, options, selected);
	}

	/** Asks a yes/no question; `undefined` when cancelled with Esc. */
	confirm(question: string): Promise<boolean | undefined> {
		return this.questions.confirm(question);
	}

	setEditorText(text: string): void {
		this.setEditor(withText(this.store.getState().editor, text));
	}

	/** The welcome line: model, folder, and how to get help; shown once, first. */
	welcome(): void {
		this.notice(welcomeLine(this.store.getState().status.model, this.app.cwd));
	}

	/**
	 * One key from the terminal: to the open picker or question, else to the command menu
	 * (Up, Down, Enter) or the editor. Input that Ink could not read as one key (several
	 * keys in one read, such as text and Ctrl+U) is split into its keys first.
	 */
	handleKey(input: string, key: KeyPress): void {
		if (isMixedChunk(input, key)) {
			for (const event of splitChunk(input)) {
				if (event.kind === "paste") this.handlePaste(event.text);
				else this.handleKey(event.input, event.key);
			}
			return;
		}
		const state = this.store.getState();
		if (state.overlay) {
			overlayKey(state.overlay, input, key, (next) => this.setOverlay(next));
			return;
		}
		const menuAction = state.menu ? menuKey(state.menu, state.editor.text, key) : undefined;
		if (menuAction?.type === "move" || menuAction?.type === "close") {
			const menu = menuAction.type === "move" ? menuAction.menu : undefined;
			this.store.update((current) => ({ ...current, menu }));
			return;
		}
		// Enter on `/mo` runs the command chosen in the menu, as if typed whole.
		const before = menuAction?.type === "run" ? withText(state.editor, menuAction.text) : state.editor;
		if (key.tab && !key.ctrl && !key.meta) {
			this.complete();
			return;
		}
		const { state: editor, action } = editorKey(before, input, key, this.working, this.now());
		const hint =
			action?.type === "interrupt"
				? "Press Ctrl+C again to quit."
				: editor.lastInterruptAt === undefined
					? undefined
					: state.hint;
		// A `/command` brought back from the history does not open the menu: Up and Down go on browsing.
		this.setEditor(editor, { hint, ...(key.upArrow || key.downArrow ? { menu: false } : {}) });
		if (!action) return;
		switch (action.type) {
			case "submit":
				void this.submit(action.text);
				return;
			case "follow_up":
				void this.sendPrompt(action.text, "follow_up");
				return;
			case "abort":
				this.abort();
				return;
			case "toggle_thinking":
				this.store.update((current) => ({ ...current, showThinking: !current.showThinking }));
				return;
			case "quit":
				this.quit();
				return;
			case "interrupt":
				return;
		}
	}

	/**
	 * A paste from the terminal, whole: into the editor with its line breaks (never sent by
	 * them), or typed into the open picker or question on one line.
	 */
	handlePaste(text: string): void {
		const state = this.store.getState();
		if (state.overlay) {
			const line = pastedText(text)
				.replace(/^\n+|\n+$/g, "")
				.replace(/\n+/g, " ");
			if (line !== "") overlayKey(state.overlay, line, keyPress(), (next) => this.setOverlay(next));
			return;
		}
		this.setEditor(editorPaste(state.editor, text), { hint: undefined });
	}

	/** Puts `editor` (and `hint`, when given) on the screen, with the command menu its text opens (`menu: false`: none). */
	private setEditor(editor: EditorState, change: { hint?: string | undefined; menu?: false } = {}): void {
		this.store.update((current) => {
			const nextHint = "hint" in change ? change.hint : current.hint;
			const textChanged = current.editor.text !== editor.text;
			if (current.editor === editor && current.hint === nextHint) return current;
			const menu =
				change.menu === false
					? undefined
					: textChanged
						? this.menuFor(editor.text, current.menu)
						: current.menu;
			return { ...current, editor, hint: nextHint, menu };
		});
	}

	/** The `/` menu for the editor's text: built-in and pack commands that fit. */
	private menuFor(text: string, previous: CommandMenu | undefined): CommandMenu | undefined {
		if (!text.startsWith("/")) return undefined;
		return commandMenu(text, menuCommands(this.operations.packCommands().commands), previous);
	}

	/** A sent editor line: a slash command, a `!command`, or a prompt (steering while working). */
	async submit(text: string): Promise<void> {
		try {
			const input = parseEditorInput(text, this.packCommandNames());
			if (input.kind === "command") await runSlashCommand(this.host, input.name, input.args);
			else if (input.kind === "pack_command") await runPackCommand(this.host, input.name, input.args);
			else if (input.kind === "unknown_command")
				this.error(
					unknownCommandMessage(input.name, [...BUILT_IN_COMMAND_NAMES, ...this.packCommandNames()]),
				);
			else if (input.kind === "shell") await this.runShell(input.command);
			else {
				// The status is read again at `agent_end`; reading it here walks the whole session.
				await this.sendPrompt(input.text, this.working ? "steer" : "prompt");
				return;
			}
		} catch (error) {
			this.error(error instanceof Error ? error.message : String(error));
		}
		this.refreshStatus();
	}

	/** Esc: stops a running `!command` (or pack command), or aborts the run; queued steering and follow-ups come back into the editor. */
	abort(): void {
		if (this.task) {
			this.task.abort.abort();
			return;
		}
		if (!this.app.harness.running) return;
		const { steering, followUp } = this.app.harness.clearQueues();
		const queued = [...steering, ...followUp].flatMap((message) =>
			message.role === "user"
				? [typeof message.content === "string" ? message.content : textOf(message.content)]
				: [],
		);
		this.app.harness.abort();
		if (queued.length > 0) {
			const current = this.store.getState().editor.text;
			this.setEditorText([...queued, current].filter((part) => part !== "").join("\n"));
		}
	}

	private async sendPrompt(text: string, how: "prompt" | "steer" | "follow_up"): Promise<void> {
		if (this.task) {
			// A !command's output is added to the session when it ends: not in the middle of a run.
			this.error(`${this.task.label} is running: wait for it, or press Esc to stop it.`);
			const current = this.store.getState().editor.text;
			this.setEditorText([text, current].filter((part) => part !== "").join("\n"));
			return;
		}
		this.preparing = true;
		let expanded: Awaited<ReturnType<typeof expandFileReferences>>;
		try {
			expanded = await expandFileReferences(text, this.app.cwd, this.options.fileReader);
		} finally {
			this.preparing = false;
		}
		for (const notice of expanded.notices) this.notice(notice);
		if (how === "steer" || (how === "prompt" && this.app.harness.running)) {
			this.app.harness.steer(expanded.text);
			this.notice(`Steering: ${text}`);
			return;
		}
		if (how === "follow_up") {
			this.app.harness.followUp(expanded.text);
			this.notice(`Queued as a follow-up: ${text}`);
			return;
		}
		// The outcome reaches the screen through `agent_end`.
		await this.app.harness.prompt(expanded.text);
	}

	private async runShell(command: string): Promise<void> {
		if (this.working) {
			this.error("!commands run while the agent is idle: wait for it, or press Esc to abort.");
			return;
		}
		await this.runTask("A !command", async (signal) => {
			const { output, exitCode, truncated } = await runShellCommand(command, this.app.cwd, signal);
			// Persisted and announced by the harness (its `message_end` puts it on the screen); the
			// model reads it from the next request on. Still the task: no prompt starts meanwhile.
			await this.app.harness.recordShellCommand({
				command,
				output,
				exitCode,
				...(signal.aborted ? { cancelled: true } : {}),
				...(truncated ? { truncated } : {}),
			});
		});
	}

	/** Runs `work` as the current task: working meanwhile, Esc aborts it. */
	private async runTask<T>(label: string, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
		if (this.task) throw new Error(`${this.task.label} is running: wait for it, or press Esc to stop it.`);
		const task = { label, abort: new AbortController() };
		this.task = task;
		this.store.update((state) => ({ ...state, status: { ...state.status, working: true } }));
		try {
			return await work(task.abort.signal);
		} finally {
			this.task = undefined;
		}
	}

	/** A pack command's prompt: sent, or steered in while the agent runs. */
	private async sendContent(content: UserContent[]): Promise<void> {
		const message = { role: "user" as const, content, timestamp: this.now() };
		if (this.app.harness.running) {
			this.app.harness.steer(message);
			this.notice(`Steering: ${textOf(content)}`);
			return;
		}
		// The outcome reaches the screen through `agent_end`.
		await this.app.harness.prompt(message);
	}

	/** The names of the pack commands offered now; refused ones are reported once. */
	private packCommandNames(): Set<string> {
		const { commands, refused } = this.operations.packCommands();
		for (const { name, reason } of refused) {
			if (this.reportedRefusals.has(name)) continue;
			this.reportedRefusals.add(name);
			this.error(reason);
		}
		return new Set(commands.map((command) => command.name));
	}

	/** Tab: completes the `@path` before the cursor, else a command name; lists what fits under the editor. */
	private complete(): void {
		const { editor } = this.store.getState();
		if (!pathToken(editor.text, editor.cursor)) {
			const result = tabCommand(editor, [...BUILT_IN_COMMAND_NAMES, ...this.packCommandNames()]);
			if (result) this.setEditor(result.editor, { hint: result.hint });
			return;
		}
		void tabPath(editor, (folder) => readPathEntries(this.app.cwd, folder)).then((result) => {
			// The folder was read meanwhile: a key typed since wins.
			if (result && this.store.getState().editor === editor)
				this.setEditor(result.editor, { hint: result.hint });
		});
	}

	private createHost(): CommandHost {
		const controller = this;
		return {
			app: this.operations,
			get working() {
				return controller.working;
			},
			notice: (text) => this.notice(text),
			pick: (title, options, selected) => this.pick(title, options, selected),
			confirm: (question) => this.confirm(question),
			showHistory: (max) => this.store.append(...sessionHistory(this.app.session, max)),
			setEditorText: (text) => this.setEditorText(text),
			runTask: (label, work) => this.runTask(label, work),
			prompt: (content) => this.sendContent(content),
			quit: () => this.quit(),
		};
	}

	private setOverlay(overlay: Overlay | undefined): void {
		this.questions.show(overlay);
	}

	private readStatus(working: boolean): StatusInfo {
		const stats = this.app.stats();
		const harness = this.app.harness;
		const previous = this.store?.getState().status;
		return {
			model: `${harness.model.provider}/${harness.model.id}`,
			thinkingLevel: harness.thinkingLevel,
			contextTokens: stats.contextTokens,
			contextWindow: stats.contextWindow,
			totalTokens: stats.tokens.total,
			cost: stats.cost,
			working,
			queuedSteering: previous?.queuedSteering ?? 0,
			queuedFollowUp: previous?.queuedFollowUp ?? 0,
		};
	}
}

/** Kept here for the components that read it from the controller. */

function textOf(content: readonly { type: string; text?: string }[]): string {
	return content.flatMap((block) => (block.type === "text" && block.text ? [block.text] : [])).join("\n");
}

/** Ink draws at most 30 frames a second. */
const FRAME_MS = 33;

/** Events that only move the streaming text or a running tool's output along. */
function isDelta(event: HarnessEvent): boolean {
	return event.type === "message_update" || event.type === "tool_execution_update";
}
