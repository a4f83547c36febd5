import { describe, expect, it } from "vitest";
import { UNSIGNED_CALL_SIGNATURE } from "../../src/providers/google-generative-ai/convert.js";
import type { AssistantMessage, Message } from "../../src/types.js";
import { assistant, contentsSentFor, testModel, textResult, userMessage, useWireServer } from "./fixtures.js";

/**
 * Gemini 3 answers HTTP 400 ("Function call is missing a thought_signature") when the
 * first function call of a step comes back unsigned. Google documents a placeholder for
 * calls the model did not make itself; these tests pin where it goes and where it never does.
 */
const server = useWireServer();

const gemini3 = () =>
	testModel(server.current, {
		id: "gemini-3-pro-preview",
		compat: { "google-generative-ai": { thinkingMode: "level" } },
	});

function own(content: AssistantMessage["content"]): AssistantMessage {
	return assistant(content, { model: "gemini-3-pro-preview" });
}

const call = (id: string, name = "ls") => ({ type: "toolCall" as const, id, name, arguments: { path: id } });

/** The thoughtSignature of every functionCall part, in order (`-` for none). */
function callSignatures(contents: Awaited<ReturnType<typeof contentsSentFor>>): string[] {
	return contents.flatMap((content) =>
		content.parts
			.filter((part) => part.functionCall)
			.map((part) => (part.thoughtSignature as string | undefined) ?? "-"),
	);
}

describe("google-generative-ai: thought signatures on function calls", () => {
	it("is the documented value skip_thought_signature_validator", () => {
		expect(UNSIGNED_CALL_SIGNATURE).toBe("skip_thought_signature_validator");
	});

	it("signs the first call of every step another model made, in the current turn and earlier ones", async () => {
		const claude = { api: "anthropic-messages", provider: "anthropic", model: "claude-sonnet-4-5" } as const;
		const history: Message[] = [
			userMessage("Look around."),
			assistant([call("toolu_01"), call("toolu_02", "read")], claude),
			textResult("toolu_01", "ls", "a"),
			textResult("toolu_02", "read", "b"),
			assistant([{ type: "text", text: "Done." }], { ...claude, stopReason: "stop" }),
			userMessage("And now?"),
			assistant([call("toolu_03")], claude),
			textResult("toolu_03", "ls", "c"),
		];
		const contents = await contentsSentFor(server.current, history, gemini3());
		expect(callSignatures(contents)).toEqual([UNSIGNED_CALL_SIGNATURE, "-", UNSIGNED_CALL_SIGNATURE]);
	});

	it("keeps the model's own signature byte-for-byte and adds nothing to a step it signed", async () => {
		const signature = "CikBcsjafFK168I+/callsig=";
		const history: Message[] = [
			userMessage("Two at once."),
			own([{ ...call("call_a"), thoughtSignature: signature }, call("call_b", "read")]),
			textResult("call_a", "ls", "a"),
			textResult("call_b", "read", "b"),
		];
		const contents = await contentsSentFor(server.current, history, gemini3());
		expect(callSignatures(contents)).toEqual([signature, "-"]);
	});

	it("replaces a signature of another Gemini model, which would fail validation, by the placeholder", async () => {
		const history: Message[] = [
			userMessage("Go."),
			assistant([{ ...call("call_a"), thoughtSignature: "Cik-flash-signature" }], {
				model: "gemini-2.5-flash",
			}),
			textResult("call_a", "ls", "a"),
		];
		const contents = await contentsSentFor(server.current, history, gemini3());
		expect(callSignatures(contents)).toEqual([UNSIGNED_CALL_SIGNATURE]);
		expect(JSON.stringify(contents)).not.toContain("Cik-flash-signature");
	});

	it("signs an own step that came back without a signature (a Gemini that did not sign)", async () => {
		const history: Message[] = [userMessage("Go."), own([call("call_a")]), textResult("call_a", "ls", "a")];
		const contents = await contentsSentFor(server.current, history, gemini3());
		expect(callSignatures(contents)).toEqual([UNSIGNED_CALL_SIGNATURE]);
	});

	it("puts the placeholder on calls only, never on text or thought parts", async () => {
		const history: Message[] = [
			userMessage("Go."),
			assistant([{ type: "text", text: "No tools needed." }], {
				api: "openai-completions",
				provider: "openai",
				model: "gpt-4.1",
				stopReason: "stop",
			}),
			userMessage("Thanks."),
		];
		const contents = await contentsSentFor(server.current, history, gemini3());
		expect(JSON.stringify(contents)).not.toContain(UNSIGNED_CALL_SIGNATURE);
	});
});
