import type { AgentContext, AgentMessage, AgentTool, NextTurnUpdate, TurnContext } from "@kestrel/agent-core";
import { kestrelHome } from "../paths.js";
import { createSystemPromptSource } from "../system-prompt/system-prompt-source.js";
import type { Attempts } from "./attempts.js";
import { contextTooSmallError } from "./context-fit.js";
import type { HarnessCompaction } from "./harness-compaction.js";
import { HarnessError } from "./harness-error.js";
import type { HarnessTools } from "./harness-tools.js";
import { withoutFailedTail } from "./loop-messages.js";
import type { ModelControl } from "./model-control.js";
import type { SessionCursor } from "./session-cursor.js";
import type { AgentHarnessOptions, SystemPromptProvider } from "./types.js";

/** What the per-turn preparation reads and changes. */
export interface TurnPreparationHost {
	cursor: SessionCursor;
	tools: HarnessTools;
	systemPrompt: SystemPromptProvider;
	compaction: HarnessCompaction;
	models: ModelControl;
}

/**
 * What the model gets on each call: the active tools, the system prompt built for them,
 * and the messages rebuilt from the session. Before every model call after the first it
 * applies a pending model change, rebuilds the prompt, reloads the branch if the session
 * moved, and compacts when the budget says so.
 */
export class TurnPreparation {
	private lastPrompt: string | undefined;

	constructor(private readonly host: TurnPreparationHost) {}

	/** The system prompt of the latest model call (or preparation), for measuring. */
	get lastSystemPrompt(): string | undefined {
		return this.lastPrompt;
	}

	/** The active tools of the next model call, and the system prompt built for them and their packs' guidelines. */
	async promptAndTools(): Promise<{ systemPrompt: string; tools: AgentTool[] }> {
		const { tools: toolSet } = this.host;
		await toolSet.start();
		const tools = toolSet.active();
		const systemPrompt = await this.host.systemPrompt.build(tools, toolSet.guidelines(tools));
		this.lastPrompt = systemPrompt;
		return { systemPrompt, tools };
	}

	/**
	 * The context an attempt starts from, rebuilt from the session. `continuing` (a retry,
	 * `continue()`): without the failed tail, and a {@link HarnessError} `nothing_to_continue`
	 * when nothing is left to answer.
	 */
	async attemptContext(continuing: boolean): Promise<AgentContext> {
		const messages = continuableMessages(this.host.cursor, continuing);
		return { ...(await this.promptAndTools()), messages };
	}

	/** The error that stops a run whose instructions alone do not fit the model's window, if they do not. */
	tooSmall(fixed: {
		systemPrompt?: string | undefined;
		tools: readonly AgentTool[];
	}): HarnessError | undefined {
		return contextTooSmallError(fixed, this.host.models.model, this.host.compaction.settings);
	}

	/**
	 * The loop's `prepareNextTurn`: the update for the next model call, or `undefined` when
	 * nothing changed. Throws the failure that ends the run (the loop turns it into the
	 * run's error outcome, worded by `wordHarnessFailure`).
	 */
	async nextTurn(attempts: Attempts, turn: TurnContext): Promise<NextTurnUpdate | undefined> {
		const { cursor, compaction, models } = this.host;
		const previousWindow = models.model.contextWindow;
		const switched = await models.applyPending();
		const { systemPrompt, tools } = await this.promptAndTools();
		// A smaller model or more tools than the run started with: stop with the figures and what to do.
		const tooSmall = this.tooSmall({ systemPrompt, tools });
		if (tooSmall) throw tooSmall;
		let messages: AgentMessage[] | undefined;
		if (cursor.moved) messages = cursor.session.buildContext().messages;
		if (compaction.due(messages ?? turn.context.messages, systemPrompt)) {
			const reason = switched && models.model.contextWindow < previousWindow ? "model_switch" : "threshold";
			const { stop } = await compaction.inRun(attempts, reason, false, systemPrompt);
			if (stop) throw stop;
			messages = cursor.session.buildContext().messages;
		}
		const unchanged = !switched && messages === undefined && systemPrompt === turn.context.systemPrompt;
		if (unchanged && tools === turn.context.tools) return undefined;
		return {
			context: { systemPrompt, messages: messages ?? turn.context.messages, tools },
			model: models.model,
			thinkingLevel: models.thinkingLevel,
		};
	}
}

/**
 * The session's context for an attempt; continuing, without the failed tail.
 * @throws HarnessError `nothing_to_continue` when continuing has nothing to answer.
 */
export function continuableMessages(cursor: SessionCursor, continuing: boolean): AgentMessage[] {
	const built = cursor.session.buildContext().messages;
	if (!continuing) return built;
	const messages = withoutFailedTail(built);
	if (messages.length === 0) {
		throw new HarnessError("nothing_to_continue", "There is nothing to continue: send a prompt first.");
	}
	if (messages.at(-1)?.role === "assistant") {
		throw new HarnessError(
			"nothing_to_continue",
			"The agent already answered the last message: send a new prompt instead of continuing.",
		);
	}
	return messages;
}

/** The `systemPrompt` option as a provider: a fixed text, the app's provider, or the standard prompt. */
export function systemPromptProvider(options: AgentHarnessOptions): SystemPromptProvider {
	const { systemPrompt } = options;
	if (typeof systemPrompt === "string") return { build: () => systemPrompt };
	return (
		systemPrompt ??
		createSystemPromptSource({
			cwd: options.cwd ?? options.session.header.cwd,
			globalDir: kestrelHome(),
			...(options.guidelines ? { guidelines: options.guidelines } : {}),
		})
	);
}
