import { type AssistantMessage, type Message, ProviderRegistry, type UserMessage } from "@kestrel/ai";
import {
	createFauxProvider,
	type FauxProvider,
	type FauxProviderOptions,
	type FauxResponse,
} from "@kestrel/ai/testing";
import { type TSchema, Type } from "typebox";
import {
	type AgentContext,
	type AgentEvent,
	type AgentEventStream,
	type AgentLoopConfig,
	type AgentMessage,
	type AgentTool,
	type AgentToolResult,
	type AgentToolUpdateCallback,
	agentLoop,
	runAgentLoop,
	type StreamFn,
} from "../src/index.js";

/** A scripted provider in its own registry, and a `streamFn` bound to it. */
export interface Harness {
	faux: FauxProvider;
	streamFn: StreamFn;
	config(overrides?: Partial<AgentLoopConfig>): AgentLoopConfig;
	/**
	 * The scaffold of most loop tests: runs `agentLoop` to its end with the prompt "go"
	 * over `tools` (no history, no system prompt); see {@link runToEnd}.
	 */
	run(
		tools?: AgentTool[],
		overrides?: Partial<AgentLoopConfig>,
		signal?: AbortSignal,
	): Promise<{ events: AgentEvent[]; messages: AgentMessage[] }>;
}

export function createHarness(options: FauxProviderOptions = {}): Harness {
	const faux = createFauxProvider(options);
	const registry = new ProviderRegistry();
	registry.register(faux.provider);
	const model = faux.model();
	const harness: Harness = {
		faux,
		streamFn: registry.stream.bind(registry),
		config: (overrides = {}) => ({ model, ...overrides }),
		run: (tools = [], overrides = {}, signal) =>
			runToEnd(harness, [user("go")], context([], tools), overrides, signal),
	};
	return harness;
}

/** {@link createHarness} with `replies` already queued: the model's answers, in order. */
export function scripted(...replies: FauxResponse[]): Harness {
	const harness = createHarness();
	harness.faux.enqueue(...replies);
	return harness;
}

export function user(text: string, timestamp = 1): UserMessage {
	return { role: "user", content: text, timestamp };
}

export function context(
	messages: AgentMessage[] = [],
	tools: AgentTool[] = [],
	systemPrompt?: string,
): AgentContext {
	return systemPrompt === undefined ? { messages, tools } : { messages, tools, systemPrompt };
}

/** Runs `agentLoop` to its end and returns every event plus the stream's result. */
export async function runToEnd(
	harness: Harness,
	prompts: AgentMessage[],
	start: AgentContext,
	overrides: Partial<AgentLoopConfig> = {},
	signal?: AbortSignal,
): Promise<{ events: AgentEvent[]; messages: AgentMessage[] }> {
	return collect(agentLoop(prompts, start, harness.config(overrides), signal, harness.streamFn));
}

/**
 * Starts a run through `runAgentLoop` and records each event the moment it is emitted,
 * for tests that act mid-run or inspect the event log from inside a hook.
 */
export function startRun(
	harness: Harness,
	prompts: AgentMessage[],
	start: AgentContext,
	overrides: Partial<AgentLoopConfig> = {},
	signal?: AbortSignal,
): { events: AgentEvent[]; done: Promise<{ events: AgentEvent[]; messages: AgentMessage[] }> } {
	const events: AgentEvent[] = [];
	const record = (event: AgentEvent) => {
		events.push(event);
	};
	const done = runAgentLoop(prompts, start, harness.config(overrides), record, signal, harness.streamFn).then(
		(messages) => ({ events, messages }),
	);
	return { events, done };
}

export async function collect(
	stream: AgentEventStream,
): Promise<{ events: AgentEvent[]; messages: AgentMessage[] }> {
	const events: AgentEvent[] = [];
	for await (const event of stream) events.push(event);
	return { events, messages: await stream.result() };
}

/**
 * One label per event, for exact sequence assertions: message events carry the role
 * (and the tool-call id for tool results), tool events the call id. `message_update`
 * events are left out unless `updates` is set: their number depends on delta sizes.
 */
export function labels(events: readonly AgentEvent[], options: { updates?: boolean } = {}): string[] {
	const out: string[] = [];
	for (const event of events) {
		switch (event.type) {
			case "message_start":
			case "message_end": {
				const message = event.message as Message;
				const suffix = message.role === "toolResult" ? `:${message.toolCallId}` : "";
				out.push(`${event.type}:${String((message as { role?: unknown }).role)}${suffix}`);
				break;
			}
			case "message_update":
				if (options.updates) out.push(`message_update:${event.assistantMessageEvent.type}`);
				break;
			case "tool_execution_start":
			case "tool_execution_update":
			case "tool_execution_end":
				out.push(`${event.type}:${event.toolCallId}`);
				break;
			default:
				out.push(event.type);
		}
	}
	return out;
}

/** The events of one type, typed. */
export function ofType<TType extends AgentEvent["type"]>(
	events: readonly AgentEvent[],
	type: TType,
): Extract<AgentEvent, { type: TType }>[] {
	return events.filter((event): event is Extract<AgentEvent, { type: TType }> => event.type === type);
}

export function lastAgentEnd(events: readonly AgentEvent[]): Extract<AgentEvent, { type: "agent_end" }> {
	const end = events.at(-1);
	if (end?.type !== "agent_end") throw new Error(`the last event is ${end?.type}, not agent_end`);
	return end;
}

export function textResult(text: string, extra: Partial<AgentToolResult> = {}): AgentToolResult {
	return { content: [{ type: "text", text }], details: undefined, ...extra };
}

/** A tool whose `execute` is given; the schema defaults to an object of one string `value`. */
export function tool(
	name: string,
	execute: (
		args: Record<string, unknown>,
		signal: AbortSignal,
		onUpdate: AgentToolUpdateCallback,
		toolCallId: string,
	) => Promise<AgentToolResult>,
	extra: Partial<Omit<AgentTool, "execute" | "name">> & { parameters?: TSchema } = {},
): AgentTool {
	return {
		name,
		description: `The ${name} tool.`,
		parameters: Type.Object({ value: Type.Optional(Type.String()) }),
		...extra,
		execute: (toolCallId, args, signal, onUpdate) =>
			execute(args as Record<string, unknown>, signal, onUpdate, toolCallId),
	};
}

/** A tool that answers at once with `name:value`. */
export function echoTool(name: string, extra: Partial<Omit<AgentTool, "execute" | "name">> = {}): AgentTool {
	return tool(name, async (args) => textResult(`${name}:${String(args.value ?? "")}`), extra);
}

export interface Deferred<T> {
	promise: Promise<T>;
	resolve(value: T): void;
	reject(error: unknown): void;
}

export function deferred<T = void>(): Deferred<T> {
	let resolve!: (value: T) => void;
	let reject!: (error: unknown) => void;
	const promise = new Promise<T>((res, rej) => {
		resolve = res;
		reject = rej;
	});
	return { promise, resolve, reject };
}

/** Resolves after pending microtasks and one macrotask: lets the loop reach its next wait. */
export function settle(): Promise<void> {
	return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Waits until `condition` holds, checking after each macrotask (bounded). */
export async function until(condition: () => boolean, what = "condition"): Promise<void> {
	for (let round = 0; round < 500; round++) {
		if (condition()) return;
		await settle();
	}
	throw new Error(`timed out waiting for ${what}`);
}

export function textOf(message: AgentMessage | undefined): string {
	if (!message) return "";
	const content = (message as { content?: unknown }).content;
	if (typeof content === "string") return content;
	if (!Array.isArray(content)) return "";
	return content
		.map((block: { type: string; text?: string }) => (block.type === "text" ? (block.text ?? "") : ""))
		.join("");
}

export function assistantOf(event: AgentEvent): AssistantMessage {
	if (event.type !== "turn_end") throw new Error(`expected turn_end, got ${event.type}`);
	return event.message;
}
