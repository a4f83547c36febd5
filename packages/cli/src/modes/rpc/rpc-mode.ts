import { once } from "node:events";
import { createInterface } from "node:readline";
import type { CliApp } from "../../app/cli-app.js";
import { packageDocPath } from "../../package-doc-path.js";
import { type ParsedLine, parseCommand } from "./parse-command.js";
import { RpcApprover } from "./rpc-approver.js";
import { RPC_COMMAND_TYPES, RPC_PROTOCOL_VERSION, type RpcCommand } from "./rpc-command-schema.js";
import { createRpcHandlers, errorMessage, type HandlerResult, RpcCommandError } from "./rpc-handlers.js";
import { RpcOutput } from "./rpc-output.js";

export interface RpcStreams {
	stdin: NodeJS.ReadableStream;
	stdout: NodeJS.WritableStream;
	stderr: NodeJS.WritableStream;
}

/**
 * Handled as soon as it is read, even while an earlier command (a compaction, a model
 * switch that compacts) is still working: it is what stops that work.
 */
const IMMEDIATE = new Set<string>(["abort"]);

/**
 * `--mode rpc`: reads commands from stdin (one JSON object per line), writes the `ready`
 * line, then one response per command and the harness's events on stdout (protocol in
 * `rpc-protocol.ts`, guide in `docs/rpc.md`). Commands run one at a time in the order
 * read, except `abort`, which is handled at once. When stdin closes (or on SIGINT /
 * SIGTERM): answers the lines already read, aborts a run, waits for it, closes the session
 * and returns 0 (1 if the session could not be closed).
 */
export async function runRpcMode(app: CliApp, streams: RpcStreams): Promise<number> {
	const output = new RpcOutput(streams.stdout);
	const approver = new RpcApprover((line) => output.write(line));
	app.approvals.approver = approver.approver;
	const unsubscribe = app.harness.subscribe((event) => output.event(event));
	const handlers = createRpcHandlers({ app, approver, writeError: (line) => output.write(line) });
	const guide = packageDocPath("rpc.md");

	const handle = async (parsed: ParsedLine): Promise<void> => {
		if (!parsed.ok) {
			const { id, command, error } = parsed;
			output.write({ type: "response", id, command, success: false, error });
			return;
		}
		const { command, id } = parsed;
		let result: HandlerResult;
		try {
			result = await dispatch(handlers, command);
		} catch (error) {
			const code = error instanceof RpcCommandError ? error.code : "failed";
			output.write({
				type: "response",
				id,
				command: command.type,
				success: false,
				error: { code, message: errorMessage(error) },
			});
			return;
		}
		output.write({ type: "response", id, command: command.type, success: true, data: result.data ?? null });
		result.afterResponse?.();
	};

	output.write({
		type: "ready",
		protocol: RPC_PROTOCOL_VERSION,
		session: { id: app.session.id, path: app.session.path ?? null },
		model: { provider: app.harness.model.provider, id: app.harness.model.id },
		thinkingLevel: app.harness.thinkingLevel,
		approve: app.approvals.mode,
		commands: RPC_COMMAND_TYPES,
	});

	const lines = createInterface({ input: streams.stdin, crlfDelay: Number.POSITIVE_INFINITY });
	const inFlight = new Set<Promise<void>>();
	let queue: Promise<void> = Promise.resolve();
	lines.on("line", (line) => {
		if (line.trim() === "") return;
		const parsed = parseCommand(line, guide);
		let task: Promise<void>;
		if (parsed.ok && IMMEDIATE.has(parsed.command.type)) task = handle(parsed);
		else {
			queue = queue.then(() => handle(parsed));
			task = queue;
		}
		inFlight.add(task);
		void task.finally(() => inFlight.delete(task));
	});
	// A client that closed its end of stdout is gone: finish as if stdin had closed.
	streams.stdout.on("error", () => {
		output.close();
		lines.close();
	});
	// SIGINT / SIGTERM end the mode the same way, so the session file is closed cleanly.
	const onSignal = () => lines.close();
	process.on("SIGINT", onSignal);
	process.on("SIGTERM", onSignal);
	await once(lines, "close");
	process.off("SIGINT", onSignal);
	process.off("SIGTERM", onSignal);

	// Lines already read are still answered; then whatever runs is aborted and the session closed.
	app.harness.abort();
	await queue;
	await Promise.all(inFlight);
	try {
		await app.close();
	} catch (error) {
		streams.stderr.write(`kestrel: could not close the session: ${errorMessage(error)}\n`);
		return 1;
	} finally {
		unsubscribe();
		app.approvals.approver = undefined;
		output.close();
	}
	return 0;
}

/** Runs the handler of `command.type` (the union is narrowed per command by the table's type). */
function dispatch(
	handlers: ReturnType<typeof createRpcHandlers>,
	command: RpcCommand,
): Promise<HandlerResult> {
	const handler = handlers[command.type] as (command: RpcCommand) => HandlerResult | Promise<HandlerResult>;
	return Promise.resolve().then(() => handler(command));
}
