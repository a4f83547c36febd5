import type { Model } from "@kestrel/ai";
import type { Session } from "@kestrel/harness";
import type { CliApp } from "../../app/cli-app.js";
import { createAppOperations } from "../../commands/app-operations.js";
import type { AppOperations } from "../../commands/command-host.js";
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
	/** The operations shared with slash commands; default: those of `app`. */
	operations?: AppOperations;
	approver: RpcApprover;
	/** Writes a line not tied to a command (a run that failed outside its events). */
	writeError(line: RpcErrorLine): void;
}

/**
 * The commands of protocol 1 over a {@link CliApp}. Session and model changes refuse to
 * run while the agent runs (`busy`); steering refuses when nothing runs (`not_running`).
 * Model, session, compaction, export and pack commands go through the same
 * {@link AppOperations} as the terminal's slash commands.
 */
export function createRpcHandlers({
	app,
	operations = createAppOperations(app),
	approver,
	writeError,
}: RpcHandlerContext): RpcHandlers {
	const harness = app.harness;
	const ops = operations;
	/** The prompt whose run is in progress (from acceptance until `prompt()` settles). */
	let activeRun: Promise<unknown> | undefined;
	/** Stops the pack command in progress (`abort` reaches it while it runs). */
	let packCommandAbort: AbortController | undefined;

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

	/** Starts a run once the response is written; its failure outside the events becomes an `error` line. */
	const startRun = (input: Parameters<typeof harness.prompt>[0]) => () => {
		const run = harness.prompt(input).then(
			() => undefined,
			(error: unknown) =>
				writeError({ type: "error", error: { code: "run_failed", message: errorMessage(error) } }),
		);
		activeRun = run;
		void run.finally(() => {
			if (activeRun === run) activeRun = undefined;
		});
	};

	return {
		prompt: ({ message }) => {
			if (harness.running || activeRun) {
				throw new RpcCommandError(
					"busy",
					"The agent is already running: send steer (delivered after the current tool calls) or follow_up (when it stops), or abort first.",
				);
			}
			return { data: { accepted: true }, afterResponse: startRun(message) };
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
			packCommandAbort?.abort();
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
			const chosen = await ops.setModel(model);
			return { data: { model: modelData(chosen), thinkingLevel: ops.thinkingLevel() } };
		},
		set_thinking_level: async ({ level }) => {
			assertIdle("set_thinking_level");
			// The harness clamps to what the model accepts: answer with the level in effect.
			return { data: { thinkingLevel: await ops.setThinkingLevel(level) } };
		},
		list_models: () => {
			const current = ops.model();
			return {
				data: {
					models: ops.availableModels().map(({ model, hasKey }) => ({
						...modelData(model),
						hasKey,
						current: model.provider === current.provider && model.id === current.id,
					})),
				},
			};
		},
		compact: async ({ instructions }) => {
			assertIdle("compact");
			const outcome = await ops.compact(instructions);
			if (!outcome.ok) throw new RpcCommandError("failed", `Compaction failed: ${outcome.error}`);
			const { tokensBefore, tokensAfter, method, summary } = outcome.entry;
			return { data: { tokensBefore, tokensAfter, method, summary } };
		},
		new_session: async () => {
			assertIdle("new_session");
			return { data: sessionData(await ops.newSession()) };
		},
		switch_session: async ({ path }) => {
			assertIdle("switch_session");
			return { data: sessionData(await ops.switchSession(path)) };
		},
		fork: async ({ entryId }) => {
			assertIdle("fork");
			return { data: sessionData(await ops.fork(entryId)) };
		},
		get_session_stats: () => {
			const stats = ops.stats();
			return { data: { ...stats, path: stats.path ?? null, name: stats.name ?? null } };
		},
		export_html: async ({ path }) => ({ data: { path: await ops.exportHtml(path) } }),
		get_pack_commands: () => {
			const { commands, refused } = ops.packCommands();
			return {
				data: {
					commands: commands.map(({ name, description, argumentHint }) => ({
						name,
						description,
						argumentHint: argumentHint ?? null,
					})),
					refused,
				},
			};
		},
		pack_command: async ({ name, args }) => {
			if (!ops.packCommands().commands.some((command) => command.name === name)) {
				const names = ops.packCommands().commands.map((command) => command.name);
				throw new RpcCommandError(
					"not_found",
					`No tool pack offers the command "${name}"; get_pack_commands lists them${names.length === 0 ? " (there are none now)" : `: ${names.join(", ")}`}.`,
				);
			}
			const abort = new AbortController();
			packCommandAbort = abort;
			let result: Awaited<ReturnType<typeof ops.runPackCommand>>;
			try {
				result = await ops.runPackCommand(name, args ?? "", abort.signal);
			} finally {
				packCommandAbort = undefined;
			}
			if (result.kind === "show") return { data: { kind: "show", text: result.text } };
			const message = { role: "user" as const, content: result.content, timestamp: Date.now() };
			// Like a typed prompt in the terminal: steered into a run in progress, else a run of its own.
			if (harness.running || activeRun) {
				harness.steer(message);
				return { data: { kind: "prompt", content: result.content, steered: true, ...queueSizes(app) } };
			}
			return {
				data: { kind: "prompt", content: result.content, steered: false },
				afterResponse: startRun(message),
			};
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
