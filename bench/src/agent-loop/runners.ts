import { Agent, type AgentEvent, agentLoop, runAgentLoop, type StreamFn } from "@kestrel/agent-core";
import {
	type AssistantMessage,
	type AssistantMessageEvent,
	type AssistantMessageEventStream,
	type Message,
	type Model,
	ProviderRegistry,
	type ToolResultMessage,
} from "@kestrel/ai";
import { createFauxProvider, type FauxReply } from "@kestrel/ai/testing";
import { agentLoop as piAgentLoop, runAgentLoop as runPiAgentLoop } from "@mariozechner/pi-agent-core";
import { type RunFigures, settle, TurnClock, windowFor } from "./measure.js";
import { benchTools, expectedMessageCount, FINAL_TEXT, finalReply, replyForTurn } from "./script.js";

/** What one run of one client produced. */
export interface RunResult {
	/** Turn ends marked (a complete run: the scripted turns and the final answer). */
	turns: number;
	figures: RunFigures;
	messages: number;
	failedResults: number;
	finalText: string;
}

/** Where a run's responses come from: the scripted provider, or a replay of its events. */
export type Source = "provider" | "replay";

export type Runner = (turns: number, source: Source) => Promise<RunResult>;

/**
 * The response machinery is built once per process and reset before each run, so that
 * every run (and every client) meets code the JIT has already warmed: a fresh provider
 * per run would spend its first hundred turns being compiled, in every client's figures.
 */
class Responses {
	// A benchmark's provider keeps no copy of each request (each copy is O(transcript)).
	private readonly faux = createFauxProvider({ recordRequests: false });
	private readonly registry = new ProviderRegistry();
	readonly model: Model;
	private recorded: AssistantMessageEvent[][] = [];
	private next = 0;

	constructor() {
		this.registry.register(this.faux.provider);
		this.model = this.faux.model();
	}

	/**
	 * `provider`: the scripted provider, queued with the whole script. The script's replies
	 * are built once per process (the provider only reads them): built per run, a thousand
	 * young objects would be copied by every scavenge of the run, in every client.
	 */
	async provider(turns: number): Promise<StreamFn> {
		while (this.faux.pending > 0) await this.drainOne();
		if (this.script.length !== turns + 1) {
			this.script = Array.from({ length: turns }, (_, index) => replyForTurn(index + 1));
			this.script.push(finalReply());
		}
		this.faux.enqueue(...this.script);
		return this.registry.stream.bind(this.registry);
	}

	private script: FauxReply[] = [];

	/**
	 * `replay`: the same responses, recorded once from the provider and played back, so
	 * that what is measured is the loop (plus the async iteration every consumer pays), not
	 * the provider's assembly and argument parsing.
	 */
	async replay(turns: number): Promise<StreamFn> {
		if (this.recorded.length !== turns + 1) {
			const live = await this.provider(turns);
			this.recorded = [];
			for (let turn = 0; turn <= turns; turn++) {
				const events: AssistantMessageEvent[] = [];
				const stream = (await live(this.model, { messages: [] }, {})) as AssistantMessageEventStream;
				for await (const event of stream) events.push(event);
				this.recorded.push(events);
			}
		}
		this.next = 0;
		return () => replayStream(this.recorded[this.next++] ?? []);
	}

	private async drainOne(): Promise<void> {
		await (this.registry.stream(this.model, { messages: [] }) as AssistantMessageEventStream).result();
	}
}

function replayStream(events: readonly AssistantMessageEvent[]): AssistantMessageEventStream {
	const last = events.at(-1);
	const final = last?.type === "done" || last?.type === "error" ? last.message : undefined;
	return {
		async *[Symbol.asyncIterator]() {
			yield* events;
		},
		result: async () => final as AssistantMessage,
	};
}

let responses: Responses | undefined;

async function setup(turns: number, source: Source): Promise<{ model: Model; streamFn: StreamFn }> {
	responses ??= new Responses();
	const streamFn = source === "provider" ? await responses.provider(turns) : await responses.replay(turns);
	return { model: responses.model, streamFn };
}

const PROMPT = "Work through the modules.";
const SYSTEM = "You are a benchmark agent.";

function keepProviderMessages(messages: readonly { role: string }[]): Message[] {
	const kept: Message[] = [];
	for (const message of messages) {
		if (message.role === "user" || message.role === "assistant" || message.role === "toolResult") {
			kept.push(message as Message);
		}
	}
	return kept;
}

function summarise(clock: TurnClock, messages: readonly { role: string }[]): RunResult {
	let failedResults = 0;
	for (const message of messages)
		if (message.role === "toolResult" && (message as ToolResultMessage).isError) failedResults++;
	const last = messages.at(-1) as AssistantMessage | undefined;
	const text = last?.content?.[0];
	return {
		turns: clock.turns,
		figures: clock.figures(),
		messages: messages.length,
		failedResults,
		finalText: text?.type === "text" ? text.text : "",
	};
}

/** Kestrel's loop, through `runAgentLoop` with a synchronous sink. */
export const runKestrel: Runner = async (turns, source) => {
	const { model, streamFn } = await setup(turns, source);
	await settle();
	const clock = new TurnClock(turns + 1, windowFor(turns));
	const messages = await runAgentLoop(
		[{ role: "user", content: PROMPT, timestamp: 1 }],
		{ systemPrompt: SYSTEM, messages: [], tools: benchTools() },
		{ model },
		(event: AgentEvent) => {
			if (event.type === "turn_end") clock.mark();
		},
		undefined,
		streamFn,
	);
	return summarise(clock, messages);
};

/**
 * Kestrel's loop with its events consumed through the loop's event stream (`for await`
 * over `agentLoop(...)`), as an app or a user interface does.
 */
export const runKestrelStream: Runner = async (turns, source) => {
	const { model, streamFn } = await setup(turns, source);
	await settle();
	const clock = new TurnClock(turns + 1, windowFor(turns));
	const events = agentLoop(
		[{ role: "user", content: PROMPT, timestamp: 1 }],
		{ systemPrompt: SYSTEM, messages: [], tools: benchTools() },
		{ model },
		undefined,
		streamFn,
	);
	for await (const event of events) {
		if (event.type === "turn_end") clock.mark();
	}
	return summarise(clock, await events.result());
};

/**
 * Kestrel's stateful `Agent` (the run shell over the same loop): the events reach a
 * listener, as a UI subscribed to an agent gets them; the transcript is the agent's state.
 */
export const runKestrelAgent: Runner = async (turns, source) => {
	const { model, streamFn } = await setup(turns, source);
	const agent = new Agent({ model, systemPrompt: SYSTEM, tools: benchTools(), streamFn });
	await settle();
	const clock = new TurnClock(turns + 1, windowFor(turns));
	agent.subscribe((event) => {
		if (event.type === "turn_end") clock.mark();
	});
	await agent.prompt(PROMPT);
	return summarise(clock, agent.state.messages);
};

/** pi-agent-core's loop, its events consumed through its event stream in the same way. */
export const runPiStream: Runner = async (turns, source) => {
	const { model, streamFn } = await setup(turns, source);
	await settle();
	const clock = new TurnClock(turns + 1, windowFor(turns));
	const events = piAgentLoop(
		[{ role: "user", content: PROMPT, timestamp: 1 }],
		{ systemPrompt: SYSTEM, messages: [], tools: benchTools() as never },
		{ model: model as never, convertToLlm: keepProviderMessages as never },
		undefined,
		streamFn as never,
	);
	for await (const event of events) {
		if (event.type === "turn_end") clock.mark();
	}
	return summarise(clock, (await events.result()) as { role: string }[]);
};

/** pi-agent-core's loop on the same provider streams and the same tool objects. */
export const runPi: Runner = async (turns, source) => {
	const { model, streamFn } = await setup(turns, source);
	await settle();
	const clock = new TurnClock(turns + 1, windowFor(turns));
	// The two frameworks' model, message and stream types are structurally the same
	// protocol but nominally different packages: the casts only cross that line.
	const messages = await runPiAgentLoop(
		[{ role: "user", content: PROMPT, timestamp: 1 }],
		{ systemPrompt: SYSTEM, messages: [], tools: benchTools() as never },
		{ model: model as never, convertToLlm: keepProviderMessages as never },
		(event) => {
			if (event.type === "turn_end") clock.mark();
		},
		undefined,
		streamFn as never,
	);
	return summarise(clock, messages as { role: string }[]);
};

/**
 * The floor: the least any loop must do on this script. It streams each response from
 * the same provider, runs the three tools directly and appends the messages; no events,
 * no validation, no hooks. Loop overhead is a loop's CPU minus this.
 */
export const runFloor: Runner = async (turns, source) => {
	const { model, streamFn } = await setup(turns, source);
	const tools = benchTools();
	await settle();
	const clock = new TurnClock(turns + 1, windowFor(turns));
	const messages: Message[] = [{ role: "user", content: PROMPT, timestamp: 1 }];
	while (true) {
		const stream = (await streamFn(
			model,
			{ systemPrompt: SYSTEM, messages, tools },
			{},
		)) as AssistantMessageEventStream;
		for await (const _event of stream) {
			// Every event is consumed, as a loop does.
		}
		const message = await stream.result();
		messages.push(message);
		const calls = message.content.filter((block) => block.type === "toolCall");
		for (const call of calls) {
			const tool = tools.find((candidate) => candidate.name === call.name);
			const result = await tool!.execute(call.id, call.arguments);
			messages.push({
				role: "toolResult",
				toolCallId: call.id,
				toolName: call.name,
				content: result.content,
				details: result.details,
				isError: false,
				timestamp: 1,
			});
		}
		clock.mark();
		if (calls.length === 0) break;
	}
	return summarise(clock, messages);
};

/** A run is only worth measuring if it did what the script says. */
export function checkRun(label: string, turns: number, result: RunResult): string | undefined {
	if (result.messages !== expectedMessageCount(turns)) {
		return `${label}: ${result.messages} messages, expected ${expectedMessageCount(turns)}`;
	}
	if (result.failedResults > 0) return `${label}: ${result.failedResults} tool results are errors`;
	if (result.finalText !== FINAL_TEXT) return `${label}: the final answer is "${result.finalText}"`;
	if (result.turns !== turns + 1) return `${label}: ${result.turns} turns measured`;
	return undefined;
}
