import { describe, expect, it } from "vitest";
import { encodeOpenAICompletionsStream } from "../../src/testing/wire-server/openai-completions.js";
import type { Chunking } from "../../src/testing/wire-server/server.js";
import type { AssistantMessage } from "../../src/types.js";
import { collect, comparable, testModel, useWireServer } from "./fixtures.js";

const wire = useWireServer();

/** Short id and model keep the body near 2 KB: every byte boundary is one HTTP round trip. */
const SMALL = encodeOpenAICompletionsStream({
	id: "c1",
	model: "m",
	blocks: [
		{ type: "thinking", thinking: "Plan: read both.", deltaSize: 9 },
		{ type: "text", text: "I’ll look 😀 now", deltaSize: 8 },
		{ type: "toolCall", id: "call_1", name: "read", arguments: { path: "a’😀.ts" }, deltaSize: 9 },
		{ type: "toolCall", id: "call_2", name: "read", arguments: { path: "b.ts" } },
	],
	usage: { input: 12, cacheRead: 3, output: 7 },
});

function bigArguments(): Record<string, unknown> {
	const lines: string[] = [];
	for (let i = 0; lines.join("\n").length < 64 * 1024; i++) {
		lines.push(`line ${i}: "quoted" \\ back\tslash — ünïcödé 😀 {"json": [${i}]}`);
	}
	return { path: "big.txt", content: lines.join("\n") };
}

async function play(body: string, chunking?: Chunking): Promise<AssistantMessage> {
	wire.current.enqueue({ body, ...(chunking !== undefined && { chunking }) });
	const { message } = await collect(testModel(wire.current));
	return message;
}

describe("openai-completions chunk-split invariance", () => {
	it("gives the same final message for every 2-piece split and for 1-byte chunks", async () => {
		const reference = await play(SMALL);
		expect(reference.stopReason).toBe("toolUse");
		expect(reference.content).toEqual([
			{ type: "thinking", thinking: "Plan: read both." },
			{ type: "text", text: "I’ll look 😀 now" },
			{ type: "toolCall", id: "call_1", name: "read", arguments: { path: "a’😀.ts" } },
			{ type: "toolCall", id: "call_2", name: "read", arguments: { path: "b.ts" } },
		]);
		const expected = comparable(reference);

		const total = Buffer.byteLength(SMALL, "utf8");
		for (let first = 1; first < total; first++) {
			const message = await play(SMALL, [first, total - first]);
			expect(comparable(message), `split at byte ${first}`).toEqual(expected);
		}
		expect(comparable(await play(SMALL, 1))).toEqual(expected);
	}, 120_000);

	it("gives the identical final message for a 64 KB tool argument under random chunking", async () => {
		const args = bigArguments();
		const body = encodeOpenAICompletionsStream({
			blocks: [
				{ type: "text", text: "Writing the file.", deltaSize: 4 },
				{ type: "toolCall", id: "call_big", name: "write", arguments: args, deltaSize: 37 },
			],
			usage: { input: 100, output: 20_000 },
		});
		const reference = await play(body);
		expect(reference.content[1]).toEqual({
			type: "toolCall",
			id: "call_big",
			name: "write",
			arguments: args,
		});
		const expected = comparable(reference);
		for (const seed of [1, 2, 3, 42, 2024]) {
			const message = await play(body, { random: { seed, max: 700 } });
			expect(comparable(message), `seed ${seed}`).toEqual(expected);
		}
	}, 60_000);
});
