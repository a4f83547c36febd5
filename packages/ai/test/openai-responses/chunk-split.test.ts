import { describe, expect, it } from "vitest";
import { encodeOpenAIResponsesStream } from "../../src/testing/wire-server/openai-responses.js";
import type { ScriptedResponse } from "../../src/testing/wire-server/server.js";
import type { AssistantMessage } from "../../src/types.js";
import { finalMessages } from "../support/wire-fixture.js";
import { collect, comparable, testModel, useWireServer } from "./fixtures.js";

const wire = useWireServer();

/** Compact response objects keep the body small: every byte boundary is one HTTP round trip. */
const SMALL = encodeOpenAIResponsesStream(
	{
		id: "r1",
		model: "m",
		blocks: [
			{ type: "thinking", thinking: "Plan 🤔\n\nread.", signature: "c2ln+/=", deltaSize: 9 },
			{ type: "text", text: "I’ll look 😀", deltaSize: 8 },
			{ type: "toolCall", id: "call_1|fc_1", name: "read", arguments: { path: "a’😀.ts" }, deltaSize: 9 },
		],
		usage: { input: 12, cacheRead: 3, output: 7 },
	},
	{ compact: true },
);

function bigArguments(): Record<string, unknown> {
	const lines: string[] = [];
	for (let i = 0; lines.join("\n").length < 64 * 1024; i++) {
		lines.push(`line ${i}: "quoted" \\ back\tslash — ünïcödé 😀 {"json": [${i}]}`);
	}
	return { path: "big.txt", content: lines.join("\n") };
}

/** Plays every response concurrently in batches; the final messages must all be equal. */
function playAll(responses: ScriptedResponse[], batch = 64): Promise<AssistantMessage[]> {
	const model = testModel(wire.current);
	return finalMessages(wire.current, responses, () => collect(model), batch);
}

describe("openai-responses chunk-split invariance", () => {
	it("gives the same final message for every 2-piece split and for 1-byte chunks", async () => {
		const [reference] = await playAll([{ body: SMALL }]);
		expect(reference?.stopReason).toBe("toolUse");
		expect(reference?.content).toMatchObject([
			{ type: "thinking", thinking: "Plan 🤔\n\nread." },
			{ type: "text", text: "I’ll look 😀", textSignature: "msg_1" },
			{ type: "toolCall", id: "call_1|fc_1", name: "read", arguments: { path: "a’😀.ts" } },
		]);
		expect(reference?.usage).toMatchObject({ input: 12, cacheRead: 3, output: 7 });
		const signature =
			reference?.content[0]?.type === "thinking" ? reference.content[0].thinkingSignature : "";
		expect(JSON.parse(signature ?? "{}").encrypted_content).toBe("c2ln+/=");
		const expected = comparable(reference!);

		const total = Buffer.byteLength(SMALL, "utf8");
		// Without a pause between writes the client could read two of them as one piece.
		const responses: ScriptedResponse[] = [{ body: SMALL, chunking: 1, chunkDelayMs: 1 }];
		for (let first = 1; first < total; first++) {
			responses.push({ body: SMALL, chunking: [first, total - first], chunkDelayMs: 1 });
		}
		const messages = await playAll(responses);
		expect(messages).toHaveLength(total);
		messages.forEach((message, index) => {
			expect(comparable(message), index === 0 ? "1-byte chunks" : `split at byte ${index}`).toEqual(expected);
		});
	}, 180_000);

	it("gives the identical final message for a 64 KB tool argument under random chunking", async () => {
		const args = bigArguments();
		const body = encodeOpenAIResponsesStream({
			blocks: [
				{ type: "text", text: "Writing the file.", deltaSize: 4 },
				{ type: "toolCall", id: "call_big|fc_big", name: "write", arguments: args, deltaSize: 37 },
			],
			usage: { input: 100, output: 20_000 },
		});
		const [reference] = await playAll([{ body }]);
		expect(reference?.content[1]).toEqual({
			type: "toolCall",
			id: "call_big|fc_big",
			name: "write",
			arguments: args,
		});
		const expected = comparable(reference!);
		const seeds = [1, 2, 3, 42, 2024];
		const messages = await playAll(
			seeds.map((seed) => ({ body, chunking: { random: { seed, max: 700 } }, chunkDelayMs: 1 })),
		);
		messages.forEach((message, index) => {
			expect(comparable(message), `seed ${seeds[index]}`).toEqual(expected);
		});
	}, 120_000);
});
