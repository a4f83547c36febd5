import { describe, expect, it } from "vitest";
import { encodeGeminiStream } from "../../src/testing/wire-server/google-generative-ai.js";
import type { ScriptedResponse } from "../../src/testing/wire-server/server.js";
import type { AssistantMessage } from "../../src/types.js";
import { finalMessages } from "../support/wire-fixture.js";
import { run, testModel, userSays, useWireServer, withoutTimestamp } from "./fixtures.js";

const server = useWireServer();

const smallStream = encodeGeminiStream(
	{
		blocks: [
			{ type: "thinking", thinking: "Hmm 🤔 — it’s a “trick”?", signature: "c2lnbmF0dXJl+/=", deltaSize: 12 },
			{ type: "text", text: "Café ☕ <it’s> fine 👍🏽", deltaSize: 10 },
			{ type: "toolCall", id: "fc_split", name: "note", arguments: { text: 'naïve 😀’\n"q"' } },
		],
		usage: { input: 12, output: 34, cacheRead: 5 },
	},
	{ signatures: { 2: "dG9vbC1zaWc=" }, thoughtsTokens: 9 },
);

/** Runs every response concurrently (the final messages must all be equal, so order does not matter). */
function runAll(responses: ScriptedResponse[], batch = 64): Promise<AssistantMessage[]> {
	const model = testModel(server.current);
	return finalMessages(server.current, responses, () => run(model, userSays()), batch);
}

describe("google-generative-ai: chunk-split invariance", () => {
	it("builds the same final message from 1-byte chunks and from every two-piece split of the stream", async () => {
		const [reference] = await runAll([{ body: smallStream }]);
		expect(reference?.stopReason).toBe("toolUse");
		expect(reference?.content).toEqual([
			{ type: "thinking", thinking: "Hmm 🤔 — it’s a “trick”?", thinkingSignature: "c2lnbmF0dXJl+/=" },
			{ type: "text", text: "Café ☕ <it’s> fine 👍🏽" },
			{
				type: "toolCall",
				id: "fc_split",
				name: "note",
				arguments: { text: 'naïve 😀’\n"q"' },
				thoughtSignature: "dG9vbC1zaWc=",
			},
		]);
		expect(reference?.usage).toMatchObject({ input: 12, output: 34, cacheRead: 5 });
		const size = Buffer.byteLength(smallStream);
		// Without a pause between writes the client would read them as one piece.
		const responses: ScriptedResponse[] = [{ body: smallStream, chunking: 1, chunkDelayMs: 1 }];
		for (let k = 1; k < size; k++)
			responses.push({ body: smallStream, chunking: [k, size - k], chunkDelayMs: 1 });
		const messages = await runAll(responses);
		expect(messages).toHaveLength(size);
		const expected = withoutTimestamp(reference!);
		for (const message of messages) expect(withoutTimestamp(message)).toEqual(expected);
	}, 120_000);

	it("builds the identical final message from a 64 KB tool argument under random chunking", async () => {
		const line = 'const value = "ünïcödé ✓ 😀\\tok" < 1 > 0;\n';
		const content = line.repeat(Math.ceil(65_536 / Buffer.byteLength(line)));
		const args = { path: "big.ts", content };
		const body = encodeGeminiStream({
			blocks: [
				{ type: "text", text: "Writing the file." },
				{ type: "toolCall", id: "", name: "write", arguments: args },
			],
		});
		const [reference] = await runAll([{ body }]);
		expect(reference?.content[1]).toEqual({
			type: "toolCall",
			id: expect.any(String),
			name: "write",
			arguments: args,
		});
		const seeds = [1, 7, 42, 1234, 99_999];
		const messages = await runAll(
			seeds.map((seed) => ({ body, chunking: { random: { seed, max: 700 } }, chunkDelayMs: 1 })),
		);
		// Generated ids differ per response; everything else is identical.
		const comparable = (message: AssistantMessage) => {
			const copy = structuredClone(withoutTimestamp(message));
			for (const block of copy.content) if (block.type === "toolCall") block.id = "generated";
			return copy;
		};
		for (const message of messages) expect(comparable(message)).toEqual(comparable(reference!));
	}, 60_000);
});
