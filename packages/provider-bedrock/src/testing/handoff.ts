import {
	defineHandoffApi,
	type HandoffApi,
	handoffModel,
	type Json,
	type ScriptBlock,
	scriptBlocks,
	turnFor,
	type WireTranscript,
	type WireTurn,
} from "@kestrel/ai/testing";
import { createBedrockConverseStreamProvider } from "../provider.js";
import { encodeBedrockStream } from "./converse-stream-encoder.js";

/**
 * A ConverseStream request body read back into the handoff matrix's neutral transcript.
 * What Converse forbids is reported as `problems`: two messages of one role in a row, a
 * `toolResult` after other blocks of its user message, and (with thinking on) a request
 * that continues a tool loop whose assistant message does not start with its reasoning.
 */
export function readBedrockBody(body: Json): WireTranscript {
	const turns: WireTurn[] = [];
	const problems: string[] = [];
	for (const message of body.messages as Json[]) {
		const role = message.role as WireTurn["role"];
		if (turns.at(-1)?.role === role) problems.push(`two ${role} messages in a row`);
		const turn = turnFor(turns, role);
		let sawNonResult = false;
		for (const block of message.content as Json[]) {
			const kind = Object.keys(block)[0] ?? "";
			turn.firstBlock ??= kind;
			if (kind !== "toolResult" && kind !== "cachePoint") sawNonResult = true;
			readBlock(kind, block, turn, problems, sawNonResult);
		}
	}
	const thinking = (body.additionalModelRequestFields as Json | undefined)?.thinking;
	const lastAssistant = turns.findLast((turn) => turn.role === "assistant");
	if (thinking && turns.at(-1)?.results.length && lastAssistant?.firstBlock !== "reasoningContent") {
		problems.push("thinking is on but the continued assistant message does not start with its reasoning");
	}
	return { turns, problems };
}

function readBlock(
	kind: string,
	block: Json,
	turn: WireTurn,
	problems: string[],
	sawNonResult: boolean,
): void {
	switch (kind) {
		case "text":
			turn.texts.push(block.text as string);
			return;
		case "image":
			turn.images += 1;
			return;
		case "cachePoint":
			return;
		case "reasoningContent": {
			const reasoning = block.reasoningContent as Json;
			if (reasoning.redactedContent !== undefined) {
				turn.signed.push({ kind: "redacted", content: "", signature: reasoning.redactedContent as string });
			} else {
				const text = reasoning.reasoningText as Json;
				turn.signed.push({
					kind: "thinking",
					content: text.text as string,
					signature: text.signature as string,
				});
			}
			return;
		}
		case "toolUse":
			turn.calls.push((block.toolUse as Json).toolUseId as string);
			return;
		case "toolResult": {
			if (sawNonResult) problems.push("a toolResult block after other blocks of its user message");
			const result = block.toolResult as Json;
			turn.results.push(result.toolUseId as string);
			for (const part of result.content as Json[]) {
				if (typeof part.text === "string") turn.texts.push(part.text);
				if (part.image) turn.images += 1;
			}
			return;
		}
		default:
			problems.push(`unexpected block ${kind}`);
	}
}

/**
 * Bedrock as an API of the shared handoff matrix of `@kestrel/ai/testing`: Claude on
 * ConverseStream with signed and redacted reasoning and Bedrock's tool-use ids, through
 * the real AWS SDK (a Bedrock API key, region us-east-1).
 *
 * ```ts
 * for (const row of handoffCases([...builtInHandoffApis(), bedrockHandoffApi()], { involving: "bedrock" })) {
 *   it(row.name, row.run);
 * }
 * ```
 */
export function bedrockHandoffApi(): HandoffApi {
	return defineHandoffApi({
		name: "bedrock",
		model: (server) =>
			handoffModel("bedrock-converse-stream", "amazon-bedrock", "anthropic.claude-test-4-5-v1:0", {
				baseUrl: server.url,
				compat: { "bedrock-converse-stream": { region: "us-east-1" } },
			}),
		provider: createBedrockConverseStreamProvider({ env: {} }),
		encode: (plan, turn) => {
			const thinking: ScriptBlock[] = [
				{
					type: "thinking",
					thinking: plan.thinking,
					signature: `SIG-bedrock-${turn}-ErUBCkgIARABGAIiQ+/==`,
					deltaSize: 5,
				},
				{
					type: "redacted_thinking",
					data: Buffer.from(`encrypted reasoning of turn ${turn}`).toString("base64"),
				},
			];
			const id = (index: number) => `tooluse_${turn}${index}Xk3Qp9RbT2mV7wLcN4sY`;
			return encodeBedrockStream({ blocks: scriptBlocks(plan, thinking, id) });
		},
		read: readBedrockBody,
		validId: /^[a-zA-Z0-9_-]{1,64}$/,
	});
}
