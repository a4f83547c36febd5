import { UNSIGNED_CALL_SIGNATURE } from "../../providers/google-generative-ai/convert.js";
import { type Json, turnFor, type WireTranscript, type WireTurn } from "./transcripts.js";

/**
 * Gemini `contents`. What the API rejects: a role other than `user` and `model`; a model
 * content whose calls are not all answered by `functionResponse` parts (same id and name)
 * at the start of the next user content; and, on Gemini 3, a step whose first function
 * call has no thought signature. A thought part without a signature is never sent (Gemini
 * reads nothing from it). Google's placeholder signature is not signed material.
 */
export function readGeminiBody(body: Json): WireTranscript {
	const turns: WireTurn[] = [];
	const problems: string[] = [];
	let awaiting = new Map<string, string>();
	for (const content of body.contents as Json[]) {
		const parts = content.parts as Json[];
		if (content.role === "model") {
			if (awaiting.size > 0) problems.push("a model content before every call was answered");
			awaiting = readModelParts(turnFor(turns, "assistant"), parts, problems);
		} else if (content.role === "user") {
			readUserParts(turnFor(turns, "user"), parts, awaiting, problems);
			if (awaiting.size > 0)
				problems.push("a user content that leaves calls of the step before it unanswered");
			awaiting = new Map();
		} else {
			problems.push(`unexpected role ${String(content.role)}`);
		}
	}
	if (awaiting.size > 0) problems.push("the request ends before every call was answered");
	return { turns, problems };
}

/** Reads one model content; returns its calls (id → name). */
function readModelParts(turn: WireTurn, parts: Json[], problems: string[]): Map<string, string> {
	const calls = new Map<string, string>();
	for (const part of parts) {
		const signature = part.thoughtSignature as string | undefined;
		if (part.functionCall) {
			const call = part.functionCall as Json;
			if (typeof call.id !== "string") problems.push("a functionCall without an id");
			if (calls.size === 0 && !signature)
				problems.push("the first functionCall of a step has no thought signature");
			calls.set(call.id as string, call.name as string);
			turn.calls.push(call.id as string);
			if (signature && signature !== UNSIGNED_CALL_SIGNATURE) {
				turn.signed.push({ kind: "call", content: JSON.stringify(call.args), signature });
			}
		} else if (part.thought) {
			if (!signature) problems.push("a thought part without a signature");
			else turn.signed.push({ kind: "thinking", content: part.text as string, signature });
		} else if (typeof part.text === "string") {
			if (signature) turn.signed.push({ kind: "text", content: part.text, signature });
			else turn.texts.push(part.text);
		} else {
			problems.push(`unexpected model part ${Object.keys(part).join(",")}`);
		}
	}
	return calls;
}

function readUserParts(
	turn: WireTurn,
	parts: Json[],
	awaiting: Map<string, string>,
	problems: string[],
): void {
	let sawOther = false;
	for (const part of parts) {
		if (part.functionResponse) {
			const response = part.functionResponse as { id: string; name: string; response: Json };
			if (sawOther) problems.push("a functionResponse after other parts of its content");
			if (awaiting.get(response.id) !== response.name) {
				problems.push(`a functionResponse for ${response.id}, which the step before did not call`);
			}
			awaiting.delete(response.id);
			turn.results.push(response.id);
			turn.texts.push(String(response.response.output ?? response.response.error));
			continue;
		}
		sawOther = true;
		if (typeof part.text === "string") turn.texts.push(part.text);
		else if (part.inlineData) turn.images += 1;
		else problems.push(`unexpected user part ${Object.keys(part).join(",")}`);
	}
}
