import assert from "node:assert/strict";
import { Type } from "typebox";
import { hasLoneSurrogate } from "../../replay/surrogates.js";
import type { AssistantMessage, Context, ImageContent, ToolCall, ToolResultMessage } from "../../types.js";
import type { WireServer } from "../wire-server/server.js";
import type { HandoffApi, TurnPlan } from "./handoff-api.js";
import type { SignedBlock, WireTranscript } from "./transcripts.js";

export const IMAGE: ImageContent = { type: "image", data: "iVBORw0KGgo=", mimeType: "image/png" };
const path = Type.Object({ path: Type.String() });
const TOOLS = [
	{ name: "ls", description: "List a folder", parameters: path },
	{ name: "read", description: "Read a file", parameters: path },
	{ name: "grep", description: "Search", parameters: Type.Object({ pattern: Type.String() }) },
];

/**
 * Thinking holds emoji, `’` and a lone high surrogate, the answer text a lone low one:
 * signed where the API signs them (they must come back byte-for-byte), removed where not.
 */
export const FIRST: TurnPlan = {
	thinking: "Plan 🦅: it’s \uD83D the tree first.",
	text: "Listing 🎉 it’s \uDC00 done.",
	calls: [
		{ name: "ls", arguments: { path: "." } },
		{ name: "read", arguments: { path: "README.md" } },
	],
};
export const SECOND: TurnPlan = {
	thinking: "Now grep for “TODO” 🧭.",
	text: "Searching.",
	calls: [{ name: "grep", arguments: { pattern: "TODO" } }],
};
export const INTERRUPTED: TurnPlan = {
	thinking: "One more read.",
	text: "Reading.",
	calls: [{ name: "read", arguments: { path: "a.ts" } }],
};
export const HANDOFF: TurnPlan = {
	thinking: "Their plan holds ✅.",
	text: "One more file.",
	calls: [{ name: "read", arguments: { path: "src/index.ts" } }],
};
export const BACK: TurnPlan = { thinking: "All read.", text: "Done.", calls: [] };

export function callsOf(message: AssistantMessage): ToolCall[] {
	return message.content.filter((block): block is ToolCall => block.type === "toolCall");
}

export function answer(call: ToolCall | undefined, content: ToolResultMessage["content"]): ToolResultMessage {
	if (!call) throw new Error("the turn has no such call");
	return {
		role: "toolResult",
		toolCallId: call.id,
		toolName: call.name,
		content,
		isError: false,
		timestamp: 2,
	};
}

/**
 * The producer's part of the conversation, every turn made through its provider: a turn
 * with thinking and two calls (one result with an image), a turn whose call is never
 * answered, an interrupted retry (aborted, with a result the agent loop gave it), and
 * the user asking to go on.
 */
export async function producedConversation(server: WireServer, producer: HandoffApi) {
	const context: Context = {
		systemPrompt: "You are terse.",
		tools: TOOLS,
		messages: [
			{
				role: "user",
				content: [{ type: "text", text: "Look at the project 🦅 \uDC00" }, IMAGE],
				timestamp: 1,
			},
		],
	};
	const { message: first } = await producer.send(server, context, FIRST, 1);
	const [ls, read] = callsOf(first);
	context.messages.push(
		first,
		answer(ls, [{ type: "text", text: "README.md\nsrc" }, IMAGE]),
		answer(read, [{ type: "text", text: "# Kestrel \uD800" }]),
	);
	const { message: second } = await producer.send(server, context, SECOND, 2);
	context.messages.push(second);
	const interrupted: AssistantMessage = {
		...(await producer.send(server, context, INTERRUPTED, 3)).message,
		stopReason: "aborted",
	};
	context.messages.push(interrupted, answer(callsOf(interrupted)[0], [{ type: "text", text: "aborted" }]));
	context.messages.push({ role: "user", content: "Go on, please.", timestamp: 4 });
	return { context, first, second };
}

/** The signed material of `messages` as it must come back to their model: byte-for-byte, in order. */
export function signedBlocks(...messages: AssistantMessage[]): SignedBlock[] {
	return messages.flatMap((message) =>
		message.content.flatMap((block): SignedBlock[] => {
			if (block.type === "thinking" && block.thinkingSignature) {
				const kind = block.redacted ? "redacted" : "thinking";
				return [{ kind, content: block.redacted ? "" : block.thinking, signature: block.thinkingSignature }];
			}
			if (block.type === "text" && block.textSignature) {
				return [{ kind: "text", content: block.text, signature: block.textSignature }];
			}
			if (block.type !== "toolCall") return [];
			const itemId = block.id.split("|")[1];
			const signature = block.thoughtSignature ?? itemId;
			return signature ? [{ kind: "call", content: JSON.stringify(block.arguments), signature }] : [];
		}),
	);
}

/**
 * Every opaque string the messages' model made: thinking signatures (for a Responses
 * reasoning item, its encrypted content and id), text signatures, thought signatures on
 * calls, and the item id of `call_id|item_id` ids. None may reach another model.
 */
export function signatureTraces(...messages: AssistantMessage[]): string[] {
	return messages.flatMap((message) =>
		message.content.flatMap((block) => {
			if (block.type === "thinking") return reasoningTraces(block.thinkingSignature);
			if (block.type === "text") return block.textSignature ? [block.textSignature] : [];
			const itemId = block.id.split("|")[1];
			return [block.thoughtSignature, itemId].filter((trace): trace is string => Boolean(trace));
		}),
	);
}

function reasoningTraces(signature: string | undefined): string[] {
	if (!signature) return [];
	if (!signature.startsWith("{")) return [signature];
	const item = JSON.parse(signature) as { id?: string; encrypted_content?: string };
	return [item.id, item.encrypted_content].filter((trace): trace is string => Boolean(trace));
}

/**
 * What every target must accept, whatever its format: the format's own rules plus the
 * shared ones. `images`: how many images the request must carry (0 for a text-only model).
 * Throws an `AssertionError` naming what is wrong.
 */
export function assertAcceptedBy(api: HandoffApi, transcript: WireTranscript, images: number): void {
	const where = `${api.name} target`;
	assert.deepEqual(transcript.problems, [], `${where}: the request breaks the format's rules`);
	const { turns } = transcript;
	assert.equal(turns[0]?.role, "user", `${where}: the first turn is not the user's`);
	const calls = turns.flatMap((turn) => turn.calls);
	for (const id of calls) assert.match(id, api.validId, `${where}: tool-call id ${id}`);
	assert.equal(new Set(calls).size, calls.length, `${where}: tool-call ids are not unique`);
	turns.forEach((turn, index) => {
		if (turn.role === "assistant" && turn.calls.length > 0) {
			assert.deepEqual(
				turns[index + 1]?.results.toSorted(),
				turn.calls.toSorted(),
				`${where}: calls unanswered`,
			);
		}
		if (turn.role === "user" && turn.results.length > 0) {
			assert.deepEqual(
				turn.results.toSorted(),
				turns[index - 1]?.calls.toSorted(),
				`${where}: results unpaired`,
			);
		}
	});
	const lone = turns.flatMap((turn) => turn.texts).filter(hasLoneSurrogate);
	assert.deepEqual(lone, [], `${where}: ordinary text with a lone surrogate`);
	assert.equal(
		turns.reduce((sum, turn) => sum + turn.images, 0),
		images,
		`${where}: image count`,
	);
}

/** Nothing `messages`' model signed, and no signature marker of `api`, is in `body`. */
export function assertNoSignaturesOf(api: HandoffApi, body: unknown, ...messages: AssistantMessage[]): void {
	const sent = JSON.stringify(body);
	assert.ok(!sent.includes(`SIG-${api.name}-`), `a signature of ${api.name} reached another model`);
	for (const trace of signatureTraces(...messages)) {
		assert.ok(
			!sent.includes(trace),
			`signed material of ${api.name} reached another model: ${trace.slice(0, 40)}`,
		);
	}
}
