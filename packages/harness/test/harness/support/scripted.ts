import type { AgentMessage, AgentTool } from "@kestrel/agent-core";
import {
	type AssistantMessageEventStream,
	type Context,
	type Model,
	ProviderRegistry,
	type StreamOptions,
	Type,
} from "@kestrel/ai";
import { createFauxProvider, type FauxReply, type FauxRequest } from "@kestrel/ai/testing";
import {
	AgentHarness,
	type AgentHarnessOptions,
	type HarnessEvent,
	SessionManager,
} from "../../../src/index.js";

/** The summariser's requests are told apart by their system prompt. */
export function isSummaryRequest(request: { context: Context }): boolean {
	return /summar/i.test(request.context.systemPrompt ?? "");
}

/** A crude size of a request in tokens, independent of the harness's estimator: JSON length / 4. */
export function requestTokens(context: Context): number {
	return Math.ceil(
		JSON.stringify({ s: context.systemPrompt, m: context.messages, t: context.tools }).length / 4,
	);
}

export interface ScriptedModel {
	model: Model;
	streamFn: (model: Model, context: Context, options: StreamOptions) => AssistantMessageEventStream;
	/** Every request, agent and summariser, in order. */
	requests: FauxRequest[];
	agentRequests(): FauxRequest[];
	summaryRequests(): FauxRequest[];
	/** Requests refused because they were larger than the window. */
	overflows: number;
}

/**
 * A scripted model behind one dispatcher: summary requests get `summary(request)`, agent
 * requests `agent(request, index)`. Requests larger than the window (by the crude
 * measure) are refused with an overflow error, as a real provider would.
 */
export function scriptedModel(options: {
	contextWindow?: number;
	agent: (request: FauxRequest, index: number) => FauxReply;
	summary?: (request: FauxRequest, index: number) => FauxReply;
	model?: Partial<Model>;
}): ScriptedModel {
	const faux = createFauxProvider({ deltaSize: 64 });
	const registry = new ProviderRegistry();
	registry.register(faux.provider);
	const model = faux.model({ contextWindow: options.contextWindow ?? 200_000, ...options.model });
	let agentIndex = 0;
	let summaryIndex = 0;
	const state: ScriptedModel = {
		model,
		requests: faux.requests,
		agentRequests: () => faux.requests.filter((request) => !isSummaryRequest(request)),
		summaryRequests: () => faux.requests.filter(isSummaryRequest),
		overflows: 0,
		streamFn: (target, context, streamOptions) => {
			faux.enqueue((request) => {
				if (requestTokens(request.context) > request.model.contextWindow) {
					state.overflows += 1;
					return {
						content: [],
						error: {
							kind: "overflow",
							message: `prompt is too long: ${requestTokens(request.context)} tokens > ${request.model.contextWindow} maximum`,
						},
					};
				}
				if (isSummaryRequest(request)) {
					const reply = options.summary?.(request, summaryIndex) ?? defaultSummary(summaryIndex);
					summaryIndex += 1;
					return reply;
				}
				const reply = options.agent(request, agentIndex);
				agentIndex += 1;
				return reply;
			});
			return registry.stream(target, context, streamOptions);
		},
	};
	return state;
}

function defaultSummary(index: number): FauxReply {
	return {
		content: [
			{
				type: "text",
				text: `## Goal\nFinish the task (summary ${index + 1}).\n\n## Progress\n### Done\n- earlier steps\n\n## Next steps\n- go on`,
			},
		],
	};
}

/** A tool that returns `size` characters of text and counts its calls. */
export function bulkyTool(size: number): AgentTool & { calls: number } {
	const parameters = Type.Object({ step: Type.Number() });
	const tool = {
		name: "probe",
		description: "Returns a long report for a step.",
		parameters,
		calls: 0,
		execute: async (_id: string, args: { step: number }) => {
			tool.calls += 1;
			return {
				content: [{ type: "text" as const, text: `report ${args.step}: ${"x".repeat(size)}` }],
				details: {},
			};
		},
	};
	return tool as AgentTool & { calls: number };
}

export function recordEvents(subscribe: (listener: (event: HarnessEvent) => void) => void): HarnessEvent[] {
	const events: HarnessEvent[] = [];
	subscribe((event) => {
		events.push(event);
	});
	return events;
}

export function ofType<T extends HarnessEvent["type"]>(
	events: readonly HarnessEvent[],
	type: T,
): Extract<HarnessEvent, { type: T }>[] {
	return events.filter((event) => event.type === type) as Extract<HarnessEvent, { type: T }>[];
}

export function textOf(message: AgentMessage | undefined): string {
	if (!message || !("content" in message)) return "";
	const content = message.content;
	if (typeof content === "string") return content;
	return content.map((block) => ("text" in block ? block.text : "")).join("");
}

/**
 * A harness on an in-memory session, talking to `scripted`, with a fixed system prompt
 * unless `options` say otherwise, and every event recorded.
 */
export async function harnessFor(scripted: ScriptedModel, options: Partial<AgentHarnessOptions> = {}) {
	const session = options.session ?? (await SessionManager.inMemory({ cwd: "/work" }).create());
	const harness = new AgentHarness({
		session,
		model: scripted.model,
		streamFn: scripted.streamFn,
		systemPrompt: "You run probes.",
		...options,
	});
	const events = recordEvents((listener) => harness.subscribe(listener));
	return { session, harness, events };
}
