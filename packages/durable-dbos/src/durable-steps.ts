/**
 * The two kinds of durable step of a run: a model call and a tool call, each a DBOS step
 * whose result is recorded in Postgres before the harness sees it. On recovery DBOS hands
 * back the recorded result without running the step's body again.
 */

import { DBOS } from "@dbos-inc/dbos-sdk";
import type { AgentTool, AgentToolResult, StreamFn, ToolPack } from "@kestrel/agent-core";
import { AssistantEventStream, type AssistantMessage } from "@kestrel/ai";
import { type CrashPolicy, crashPolicyOf } from "./durable-tool.js";

/** What the steps of one workflow execution share with the workflow. */
export interface StepControl {
	/** Reads the run's inbox (steering and follow-up messages) into the harness; durable `recv`s. */
	checkInbox(): Promise<void>;
	/** Aborts the harness: the workflow was cancelled, or a tool may not be repeated. */
	abort(): void;
	/** Set when a `fail` tool was found interrupted by a crash: the run ends with this error. */
	interrupted: { tool: string; toolCallId: string } | undefined;
	/** Per-name crash policies given to the runner. */
	crashPolicies: Readonly<Record<string, CrashPolicy>> | undefined;
}

/**
 * A stream function whose every call is one step (`kestrel.model`). The first execution
 * streams the events live to the harness and records the final message; the terminal
 * event is held back until the record is written, so the harness never persists an answer
 * the record does not have. A replay gets the recorded message as one terminal event, and
 * no request is sent.
 */
export function durableStreamFn(inner: StreamFn, control: StepControl): StreamFn {
	return (model, context, options) => {
		const out = new AssistantEventStream(model);
		void (async () => {
			try {
				const message = await DBOS.runStep(
					async (): Promise<AssistantMessage> => {
						const signal = withCancel(options.signal);
						const source = await inner(model, context, { ...options, signal });
						for await (const event of source) {
							if (event.type === "done" || event.type === "error") return event.message;
							out.push(event);
						}
						return source.result();
					},
					{ name: "kestrel.model" },
				);
				const failed = message.stopReason === "error" || message.stopReason === "aborted";
				out.push(
					failed
						? { type: "error", reason: message.stopReason as "error" | "aborted", message }
						: { type: "done", reason: message.stopReason as "stop" | "length" | "toolUse", message },
				);
			} catch {
				// The workflow was cancelled (DBOS throws at the next step) or its database is gone:
				// the run stops here rather than retrying a call it can no longer record.
				control.abort();
			} finally {
				out.close();
			}
		})();
		return out;
	};
}

/** The recorded outcome of one tool call. */
type ToolStepRecord<T> = { result: AgentToolResult<T> } | { interrupted: true };

/**
 * The tool with `execute` made durable: a `kestrel.tool-start` step marks the call as
 * started, then a `kestrel.tool` step runs it and records the result. When the start mark
 * comes from an earlier execution but the result does not, the worker died mid-call: a
 * `retry` tool runs again; a `fail` tool does not, and the run ends with
 * `tool_interrupted` (the model gets an error result, the harness is aborted).
 */
export function durableToolOf<T extends AgentTool>(tool: T, control: StepControl): T {
	const policy = crashPolicyOf(tool, control.crashPolicies);
	const execute: AgentTool["execute"] = async (toolCallId, args, signal, onUpdate) => {
		let startedNow = false;
		await DBOS.runStep(
			async () => {
				startedNow = true;
				return toolCallId;
			},
			{ name: `kestrel.tool-start:${tool.name}` },
		);
		const record = await DBOS.runStep(
			async (): Promise<ToolStepRecord<unknown>> => {
				if (!startedNow && policy === "fail") return { interrupted: true };
				return { result: await tool.execute(toolCallId, args, withCancel(signal) ?? signal, onUpdate) };
			},
			{ name: `kestrel.tool:${tool.name}` },
		);
		// Messages sent while the tool ran: steering goes in before the next model call.
		await control.checkInbox();
		if ("interrupted" in record) {
			control.interrupted ??= { tool: tool.name, toolCallId };
			control.abort();
			throw new Error(
				`The call ${toolCallId} of ${tool.name} was running when its worker stopped, and ${tool.name} may not run twice: it was not repeated. Check what it did before continuing the session.`,
			);
		}
		return record.result;
	};
	return { ...tool, execute };
}

/**
 * The pack with every tool it offers made durable (see {@link durableToolOf}); the same
 * wrapped object for the same tool, so the harness sees an unchanged tool list as unchanged.
 */
export function durablePackOf(pack: ToolPack, control: StepControl): ToolPack {
	const wrapped = new WeakMap<AgentTool, AgentTool>();
	const originals = new WeakMap<AgentTool, AgentTool>();
	const wrap = (tool: AgentTool): AgentTool => {
		let durable = wrapped.get(tool);
		if (!durable) {
			durable = durableToolOf(tool, control);
			wrapped.set(tool, durable);
			originals.set(durable, tool);
		}
		return durable;
	};
	let last: { from: readonly AgentTool[]; to: readonly AgentTool[] } | undefined;
	return {
		name: pack.name,
		tools: () => {
			const from = pack.tools();
			if (last?.from !== from) last = { from, to: from.map(wrap) };
			return last.to;
		},
		// The pack is asked about its own tools, as it made them.
		...(pack.guidelines
			? { guidelines: (active) => pack.guidelines?.(active.map((tool) => originals.get(tool) ?? tool)) ?? [] }
			: {}),
		...(pack.start ? { start: (signal) => pack.start?.(signal) ?? Promise.resolve() } : {}),
		...(pack.close ? { close: () => pack.close?.() ?? Promise.resolve() } : {}),
		...(pack.onToolsChanged
			? { onToolsChanged: (listener) => pack.onToolsChanged?.(listener) ?? (() => {}) }
			: {}),
		...(pack.commands ? { commands: () => pack.commands?.() ?? [] } : {}),
		...(pack.status ? { status: () => pack.status?.() ?? { state: "ready" } } : {}),
	} as ToolPack;
}

/** The signal of the harness, fired also when DBOS sees the workflow cancelled. */
function withCancel(signal: AbortSignal | undefined): AbortSignal | undefined {
	const cancel = DBOS.stepStatus?.cancelSignal;
	if (!cancel) return signal;
	return signal ? AbortSignal.any([signal, cancel]) : cancel;
}
