import type { AssistantMessage, Context, Model, ProviderImplementation } from "../../types.js";
import type { ScriptBlock } from "../wire-server/script.js";
import type { ScriptedResponse, WireServer } from "../wire-server/server.js";
import type { WireTranscript } from "./transcripts.js";

/** What a model says in one turn, in neutral terms. */
export interface TurnPlan {
	thinking: string;
	text: string;
	calls: { name: string; arguments: Record<string, unknown> }[];
}

/**
 * One API of the handoff matrix: it produces assistant turns through its real provider
 * and SDK against the loopback server, and receives conversations other APIs produced
 * as a target; its request bodies are read back into one neutral shape.
 */
export interface HandoffApi {
	/** Short and unique; every signature the API's encoder makes contains `SIG-<name>-`. */
	name: string;
	model(server: WireServer): Model;
	/** Sends the conversation, plays `plan` as the reply; returns the reply and the body sent. */
	send(
		server: WireServer,
		context: Context,
		plan: TurnPlan,
		turn: number,
	): Promise<{ message: AssistantMessage; body: Record<string, unknown> }>;
	/** Reads a request body into the neutral transcript, with what the format forbids as `problems`. */
	read(body: Record<string, unknown>): WireTranscript;
	/** Every tool-call id in a request must match it (for Responses: the `call_id`). */
	validId: RegExp;
}

/** What {@link defineHandoffApi} needs to know about an API. */
export interface HandoffApiOptions {
	name: string;
	model(server: WireServer): Model;
	provider: ProviderImplementation;
	/**
	 * The reply for `plan` in the API's wire format, with the API's real id and signature
	 * shapes; every signature must contain `SIG-<name>-` (see {@link scriptBlocks}).
	 */
	encode(plan: TurnPlan, turn: number): ScriptedResponse;
	read(body: Record<string, unknown>): WireTranscript;
	validId: RegExp;
}

/** A {@link HandoffApi} whose `send` streams through `provider` with a test key and medium reasoning. */
export function defineHandoffApi(options: HandoffApiOptions): HandoffApi {
	const { name, model, provider, encode, read, validId } = options;
	const send: HandoffApi["send"] = async (server, context, plan, turn) => {
		server.enqueue(encode(plan, turn));
		const streamOptions = { apiKey: "sk-handoff-test", maxRetries: 0, reasoning: "medium" as const };
		const message = await provider.stream(model(server), context, streamOptions).result();
		if (message.stopReason === "error") throw new Error(`${name} failed: ${message.errorMessage}`);
		return { message, body: server.requests.at(-1)?.body as Record<string, unknown> };
	};
	return { name, model, send, read, validId };
}

/**
 * The blocks of a planned turn for a {@link WireScript}: `thinking` first, then the answer
 * text, then the calls with ids from `id` (the order every API streams them in).
 */
export function scriptBlocks(
	plan: TurnPlan,
	thinking: ScriptBlock[],
	id: (index: number) => string,
): ScriptBlock[] {
	const calls = plan.calls.map(
		(call, index): ScriptBlock => ({
			type: "toolCall",
			id: id(index),
			name: call.name,
			arguments: call.arguments,
		}),
	);
	return [...thinking, { type: "text", text: plan.text }, ...calls];
}

/** A model for the matrix: reasoning, text and image input, a price; `overrides` set the rest. */
export function handoffModel(
	api: string,
	provider: string,
	id: string,
	overrides: Partial<Model> = {},
): Model {
	return {
		id,
		name: id,
		api,
		provider,
		baseUrl: "http://127.0.0.1:9",
		reasoning: true,
		input: ["text", "image"],
		cost: { input: 1, output: 2, cacheRead: 0.1, cacheWrite: 1.25 },
		contextWindow: 200_000,
		maxTokens: 32_000,
		...overrides,
	};
}
