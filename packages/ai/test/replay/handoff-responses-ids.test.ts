import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
	BUILT_IN_HANDOFF_APIS as API,
	answer,
	assertAcceptedBy,
	callsOf,
	type HandoffApi,
	type TurnPlan,
} from "../../src/testing/handoff/index.js";
import { startWireServer, type WireServer } from "../../src/testing/wire-server/server.js";
import type { Context } from "../../src/types.js";

let server: WireServer;
beforeAll(async () => {
	server = await startWireServer();
});
afterAll(async () => {
	await server.close();
});

/** Three parallel calls, each with a Responses id of 400+ characters. */
const FAN_OUT: TurnPlan = {
	thinking: "Read the three files.",
	text: "Reading.",
	calls: ["a.ts", "b.ts", "c.ts"].map((file) => ({ name: "read", arguments: { path: file } })),
};
const NEXT: TurnPlan = {
	thinking: "Next.",
	text: "Next.",
	calls: [{ name: "ls", arguments: { path: "." } }],
};

const TARGETS: [string, HandoffApi][] = [
	["Anthropic", API.anthropic],
	["Chat Completions", API.openaiCompletions],
	["a server that demands 9-character alphanumeric ids", API.mistral],
];

describe("OpenAI Responses ids (call_…|fc_…, hundreds of characters) continued elsewhere", () => {
	it.each(TARGETS)(
		"continue on %s: valid, unique, the same in call and result and in every later request; whole again back on Responses",
		async (_name, target) => {
			const context: Context = { messages: [{ role: "user", content: "Read them.", timestamp: 1 }] };
			const { message: fanOut } = await API.openaiResponses.send(server, context, FAN_OUT, 1);
			const ids = callsOf(fanOut).map((call) => call.id);
			expect(ids.every((id) => id.length > 400 && /^call_\w+\|fc_/.test(id))).toBe(true);
			context.messages.push(
				fanOut,
				...callsOf(fanOut).map((call) => answer(call, [{ type: "text", text: "x" }])),
			);
			context.messages.push({ role: "user", content: "And now?", timestamp: 3 });

			const firstRequest = await target.send(server, context, NEXT, 2);
			const sent = target.read(firstRequest.body);
			assertAcceptedBy(target, sent, 0);
			const mapped = sent.turns.flatMap((turn) => turn.calls);
			expect(mapped).toHaveLength(3);
			expect(sent.turns[2]?.results).toEqual(mapped);
			expect(JSON.stringify(firstRequest.body)).not.toContain("|fc_");

			// The next request maps them the same way, so the prompt cache stays warm.
			context.messages.push(
				firstRequest.message,
				answer(callsOf(firstRequest.message)[0], [{ type: "text", text: "y" }]),
			);
			const secondRequest = await target.send(server, context, NEXT, 3);
			expect(
				target
					.read(secondRequest.body)
					.turns.flatMap((turn) => turn.calls)
					.slice(0, 3),
			).toEqual(mapped);

			// Back on Responses, its own ids go out whole: call_id and item id paired with the reasoning.
			context.messages.push(
				secondRequest.message,
				answer(callsOf(secondRequest.message)[0], [{ type: "text", text: "z" }]),
			);
			const back = await API.openaiResponses.send(server, context, NEXT, 4);
			const input = back.body.input as { type?: string; call_id?: string; id?: string }[];
			const ownCalls = input.filter((item) => item.type === "function_call").slice(0, 3);
			expect(ownCalls.map((item) => `${item.call_id}|${item.id}`)).toEqual(ids);
			assertAcceptedBy(API.openaiResponses, API.openaiResponses.read(back.body), 0);
		},
	);
});
