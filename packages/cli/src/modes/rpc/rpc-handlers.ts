import { resolve } from "node:path";
import type { Model } from "@kestrel/ai";
import type { Session } from "@kestrel/harness";
import type { CliApp } from "../../app/cli-app.js";
import type { RpcApprover } from "./rpc-approver.js";
import type { RpcCommandOf, RpcCommandType } from "./rpc-command-schema.js";
import type { RpcErrorCode, RpcErrorLine } from "./rpc-protocol.js";

/** A command that could not run: becomes `{"success":false,"error":{code,message}}`. */
export class RpcCommandError extends Error {
	constructor(
		readonly code: RpcErrorCode,
		message: string,
	) {
		super(message);
		this.name = "RpcCommandError";
	}
}

/** What a handler answers; `afterResponse` runs once the response is written (a run starts after its acceptance). */
export interface HandlerResult {
	data: unknown;
	afterResponse?: () => void;
}

export type RpcHandlers = {
	[Name in RpcCommandType]: (command: RpcCommandOf<Name>) => HandlerResult | Promise<HandlerResult>;
};

export interface RpcHandlerContext {
	app: CliApp;
	approver: RpcApprover;
	/** Writes a line not tied to a command (a run that failed outside its events). */
	writeError(line: RpcErrorLine): void;
}

/**
 * The commands of protocol 1 over a {@link CliApp}. Session and model changes refuse to
 * run while the agent runs (`busy`); steering refuses when nothing runs (`not_running`).
 */
export function createRpcHandlers({ app, approver, writeError }: RpcHandlerContext): RpcHandlers {
	const harness = app.harness;
	/** The prompt whose run is in progress (from acceptance until `prompt()` settles). */
	let activeRun: Promise<unknown> | undefined;

	const assertIdle = (command: string) => {
		if (harness.running || activeRun) {
			throw new RpcCommandError(
				"busy",
				`${command} cannot run while the agent is working: wait for agent_end, or send abort first.`,
			);
		}
	};
	const assertRunning = (command: string) => {
		if (!activeRun) {
			throw new RpcCommandError(
				"not_running",
				`${command}: the agent is not running; send prompt to start a run.`,
			);
		}
	};
	const sessionData = (session: Session) => ({ session: { id: session.id, path: session.path ?? null } });

	return {
		prompt: ({ message }) => {
			if (harness.running || activeRun) {
				throw new RpcCommandError(
					"busy",
					"The agent is already running: send steer (delivered after the current tool calls) or follow_up (when it stops), or abort first.",
				);
			}
			return {
				data: { accepted: true },
				afterResponse: () => {
					const run = harness.prompt(message).then(
						() => undefined,
						(error: unknown) =>
							writeError({ type: "error", error: { code: "run_failed", message: errorMessage(error) } }),
					);
					activeRun = run;
					void run.finally(() => {
						if (activeRun === run) activeRun = undefined;
					});
				},
			};
		},
		steer: ({ message }) => {
			assertRunning("steer");
			harness.steer(message);
			return { data: queueSizes(app) };
		},
		follow_up: ({ message }) => {
			assertRunning("follow_up");
			harness.followUp(message);
			return { data: queueSizes(app) };
		},
		abort: async () => {
			const wasRunning = harness.running;
			harness.abort();
			const cleared = harness.clearQueues();
			await Promise.all([harness.waitForIdle(), activeRun]);
			return { data: { aborted: wasRunning, cleared } };
		},
		get_state: () => {
			const state = harness.state();
			return {
				data: {
					model: modelData(state.model),
					thinkingLevel: state.thinkingLevel,
					running: state.running || activeRun !== undefined,
					approve: app.approvals.mode,
					sessionAllowed: app.approvals.sessionAllowed,
					pendingApprovals: approver.waiting,
					queue: { steering: state.steering.length, followUp: state.followUp.length },
					session: { id: app.session.id, path: app.session.path ?? null, name: app.session.name ?? null },
					contextTokens: state.contextTokens,
					contextWindow: state.contextWindow,
				},
			};
		},
		get_messages: () => ({ data: { messages: harness.state().messages } }),
		set_model: async ({ model }) => {
			assertIdle("set_model");
			const chosen = await app.setModel(model);
			return { data: { model: modelData(chosen), thinkingLevel: harness.thinkingLevel } };
		},
		set_thinking_level: async ({ level }) => {
			assertIdle("set_thinking_level");
			// The harness clamps to what the model accepts: answer with the level in effect.
			return { data: { thinkingLevel: await app.setThinkingLevel(level) } };
		},
		list_models: () => {
			const current = harness.model;
			return {
				data: {
					models: app.availableModels().map(({ model, hasKey }) => ({
						...modelData(model),
						hasKey,
						current: model.provider === current.provider && model.id === current.id,
					})),
				},
			};
		},
		compact: async ({ instructions }) => {
			assertIdle("compact");
			const outcome = await harness.compact(instructions);
			if (!outcome.ok) throw new RpcCommandError("failed", `Compaction failed: ${outcome.error}`);
			const { tokensBefore, tokensAfter, method, summary } = outcome.entry;
			return { data: { tokensBefore, tokensAfter, method, summary } };
		},
		new_session: async () => {
			assertIdle("new_session");
			return { data: sessionData(await app.newSession()) };
		},
		switch_session: async ({ path }) => {
			assertIdle("switch_session");
			return { data: sessionData(await app.switchSession(resolve(app.cwd, path))) };
		},
		fork: async ({ entryId }) => {
			assertIdle("fork");
			return { data: sessionData(await app.fork(entryId)) };
		},
		get_session_stats: () => {
			const stats = app.stats();
			return { data: { ...stats, path: stats.path ?? null, name: stats.name ?? null } };
		},
		export_html: async ({ path }) => {
			// Loaded on first use: it pulls in the markdown renderer.
			const { exportSessionHtml } = await import("../../export/export-html.js");
			const written = await exportSessionHtml(
				app.session,
				path === undefined ? undefined : resolve(app.cwd, path),
			);
			return { data: { path: written } };
		},
		approval_response: ({ requestId, decision, reason }) => {
			const answered = approver.answer(
				requestId,
				decision === "deny" ? { decision, ...(reason === undefined ? {} : { reason }) } : { decision },
			);
			if (!answered) {
				throw new RpcCommandError(
					"not_found",
					`No approval is waiting with requestId "${requestId}" (already answered, or withdrawn by an abort).`,
				);
			}
			return { data: { requestId, decision } };
		},
	};
}

/** A model as clients see it (no base URL or headers: they may carry deployment details). */
function modelData(model: Model) {
	return {
		provider: model.provider,
		id: model.id,
		name: model.name,
		contextWindow: model.contextWindow,
		maxTokens: model.maxTokens,
		reasoning: model.reasoning,
	};
}

function queueSizes(app: CliApp) {
	const { steering, followUp } = app.harness.state();
	return { queue: { steering: steering.length, followUp: followUp.length } };
}

export function errorMessage(error: unknown): string {
	return error instanceof Error ? error.message : String(error);
}
