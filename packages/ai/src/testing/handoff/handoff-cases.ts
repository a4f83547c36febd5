import assert from "node:assert/strict";
import { hasLoneSurrogate } from "../../replay/surrogates.js";
import type { Model } from "../../types.js";
import { startWireServer } from "../wire-server/server.js";
import {
	answer,
	assertAcceptedBy,
	assertNoSignaturesOf,
	BACK,
	callsOf,
	HANDOFF,
	producedConversation,
	signedBlocks,
} from "./conversation.js";
import type { HandoffApi } from "./handoff-api.js";

/** One row of the matrix, runnable under any test runner: `run` throws when the row fails. */
export interface HandoffCase {
	name: string;
	producer: HandoffApi;
	target: HandoffApi;
	run(): Promise<void>;
}

export interface HandoffCaseOptions {
	/** Only the rows in which this API (by name) is the producer or the target. */
	involving?: string;
}

/**
 * The handoff matrix over `apis`: for every ordered pair, a conversation with thinking,
 * tool calls, an image, an unanswered call and an aborted turn is produced on one API and
 * continued on the other, then handed back. Each row checks that the target accepts the
 * request (ids valid, unique and paired, every call answered, roles in order, no lone
 * surrogates in ordinary text, images kept or named), that no signed material of the
 * producer reaches it, and that back on the producer its own signatures return
 * byte-for-byte. A provider package runs the rows with its own API:
 *
 * ```ts
 * for (const row of handoffCases([...builtInHandoffApis(), myApi], { involving: myApi.name })) {
 *   test(row.name, row.run);
 * }
 * ```
 */
export function handoffCases(apis: readonly HandoffApi[], options: HandoffCaseOptions = {}): HandoffCase[] {
	const names = apis.map((api) => api.name);
	const duplicate = names.find((name, index) => names.indexOf(name) !== index);
	if (duplicate) throw new Error(`Two handoff APIs are named "${duplicate}"; names must be unique.`);
	return apis.flatMap((producer) =>
		apis
			.filter((target) => target !== producer)
			.filter((target) => !options.involving || [producer.name, target.name].includes(options.involving))
			.map((target) => ({
				name: `${producer.name} → ${target.name}`,
				producer,
				target,
				run: () => runRow(producer, target),
			})),
	);
}

async function runRow(producer: HandoffApi, target: HandoffApi): Promise<void> {
	const server = await startWireServer();
	try {
		const { context, first, second } = await producedConversation(server, producer);
		const targetModel = target.model(server);
		const handoff = await target.send(server, context, HANDOFF, 4);
		const received = target.read(handoff.body);
		const images = (model: Model) => (model.input.includes("image") ? 2 : 0);
		assertAcceptedBy(target, received, images(targetModel));
		const producedTurns = context.messages.flatMap((message) =>
			message.role === "assistant" ? [message] : [],
		);
		assertNoSignaturesOf(producer, handoff.body, ...producedTurns);
		assert.deepEqual(
			received.turns.flatMap((turn) => turn.signed),
			[],
			"the target got signed material, but nothing in the history is its own",
		);
		assert.equal(
			received.turns.flatMap((turn) => turn.calls).length,
			3,
			"the target did not get the three calls",
		);
		const texts = received.turns.flatMap((turn) => turn.texts).join("\n");
		assert.ok(
			texts.includes("The grep tool call got no result: the turn ended before it ran."),
			"the unanswered call got no result note",
		);
		assert.ok(!texts.includes("Reading."), "the aborted turn's text reached the target");
		assert.doesNotMatch(
			texts,
			/Plan 🦅|grep for “TODO”/,
			"the producer's thinking reached the target as text",
		);
		if (!targetModel.input.includes("image")) {
			const note = `(an image of type image/png was omitted: ${targetModel.id} reads text only)`;
			assert.ok(texts.includes(note), "a text-only target was not told of the omitted image");
		}

		context.messages.push(
			handoff.message,
			answer(callsOf(handoff.message)[0], [{ type: "text", text: "export {}" }]),
		);
		const returned = await producer.send(server, context, BACK, 5);
		const own = producer.read(returned.body);
		assertAcceptedBy(producer, own, images(producer.model(server)));
		assertNoSignaturesOf(target, returned.body, handoff.message);
		const replayedSigned = own.turns.flatMap((turn) => turn.signed);
		assert.deepEqual(
			replayedSigned,
			signedBlocks(first, second),
			"the producer's signed material did not come back byte-for-byte",
		);
		if (replayedSigned.length > 0) {
			assert.ok(
				replayedSigned.some((block) => hasLoneSurrogate(block.content)),
				"signed material lost its lone surrogate (the signature covers those bytes)",
			);
		}
		const ownIds = [...callsOf(first), ...callsOf(second)].map((call) => call.id.split("|")[0]);
		assert.deepEqual(
			own.turns.flatMap((turn) => turn.calls).slice(0, 3),
			ownIds,
			"the producer's call ids changed",
		);
	} finally {
		await server.close();
	}
}
