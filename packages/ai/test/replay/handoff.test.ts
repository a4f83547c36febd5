import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasLoneSurrogate } from "../../src/replay/surrogates.js";
import { startWireServer, type WireServer } from "../../src/testing/wire-server/server.js";
import type { Model } from "../../src/types.js";
import { HANDOFF_APIS } from "./handoff-apis.js";
import {
	answer,
	BACK,
	callsOf,
	expectAcceptedBy,
	expectNoSignaturesOf,
	HANDOFF,
	producedConversation,
	signedBlocks,
} from "./handoff-conversation.js";

let server: WireServer;
beforeAll(async () => {
	server = await startWireServer();
});
afterAll(async () => {
	await server.close();
});

const ROWS = HANDOFF_APIS.flatMap((producer) =>
	HANDOFF_APIS.filter((target) => target !== producer).map(
		(target) => [producer.name, target.name, producer, target] as const,
	),
);

describe("handoff matrix: a conversation with thinking and tool calls produced on one API, continued on another", () => {
	it.each(ROWS)(
		"%s → %s: ids valid, unique and paired, every call answered, roles in order, no foreign signatures; back on the producer its own signatures return byte-for-byte",
		async (_from, _to, producer, target) => {
			const { context, first, second } = await producedConversation(server, producer);

			const targetModel = target.model(server);
			const handoff = await target.send(server, context, HANDOFF, 4);
			const received = target.read(handoff.body);
			const images = (model: Model) => (model.input.includes("image") ? 2 : 0);
			expectAcceptedBy(target, received, images(targetModel));
			expectNoSignaturesOf(
				producer,
				handoff.body,
				...context.messages.flatMap((m) => (m.role === "assistant" ? [m] : [])),
			);
			// Nothing in the history is the target's own: no signed material of any kind.
			expect(received.turns.flatMap((turn) => turn.signed)).toEqual([]);
			expect(received.turns.flatMap((turn) => turn.calls)).toHaveLength(3);
			const texts = received.turns.flatMap((turn) => turn.texts).join("\n");
			expect(texts).toContain("The grep tool call got no result: the turn ended before it ran.");
			// The aborted retry is skipped, and thinking of another model is never sent as text.
			expect(texts).not.toContain("Reading.");
			expect(texts).not.toMatch(/Plan 🦅|grep for “TODO”/);
			if (!targetModel.input.includes("image")) {
				expect(texts).toContain(
					`(an image of type image/png was omitted: ${targetModel.id} reads text only)`,
				);
			}

			context.messages.push(
				handoff.message,
				answer(callsOf(handoff.message)[0], [{ type: "text", text: "export {}" }]),
			);
			const returned = await producer.send(server, context, BACK, 5);
			const own = producer.read(returned.body);
			expectAcceptedBy(producer, own, images(producer.model(server)));
			expectNoSignaturesOf(target, returned.body, handoff.message);
			const replayedSigned = own.turns.flatMap((turn) => turn.signed);
			expect(replayedSigned).toEqual(signedBlocks(first, second));
			// Signed material keeps even a lone surrogate: the signature covers those bytes.
			if (replayedSigned.length > 0) {
				expect(replayedSigned.some((block) => hasLoneSurrogate(block.content))).toBe(true);
			}
			const ownIds = [...callsOf(first), ...callsOf(second)].map((call) => call.id.split("|")[0]);
			expect(own.turns.flatMap((turn) => turn.calls).slice(0, 3)).toEqual(ownIds);
		},
	);
});
