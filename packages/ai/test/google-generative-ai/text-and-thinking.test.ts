import { describe, expect, it } from "vitest";
import { encodeGeminiStream } from "../../src/testing/wire-server/google-generative-ai.js";
import { run, sequence, testModel, userSays, useWireServer } from "./fixtures.js";

const server = useWireServer();

/** A thought signature as Gemini sends it: base64 with `+`, `/` and `=` that must survive untouched. */
const SIGNATURE =
	"CikBcsjafFK168IbtVtoxVV0Tsn8O+eU45rzJahzwuKGmMbdMdfpmNpgBwplAXLI2nyA/pIFcnZwFm+7WFmLyMd8R4DXwsjqaeAAfCKo5G1x=";

describe("google-generative-ai: text and thinking", () => {
	it("merges consecutive text parts into one text block and ends with done/stop", async () => {
		server.current.enqueue({
			body: encodeGeminiStream({ blocks: [{ type: "text", text: "Hello, <world>!", deltaSize: 4 }] }),
		});
		const { events, message } = await run(testModel(server.current), userSays());
		expect(message.content).toEqual([{ type: "text", text: "Hello, <world>!" }]);
		expect(message.stopReason).toBe("stop");
		expect(message.rawStopReason).toBe("STOP");
		expect(message.responseId).toBe("mXo2aZ-1Co3Rz7IPpNmHwQk");
		const deltas = events.flatMap((event) => (event.type === "text_delta" ? [event.delta] : []));
		expect(deltas).toEqual(["Hell", "o, <", "worl", "d>!"]);
		expect(sequence(events)).toEqual([
			"start",
			"text_start@0",
			"text_delta@0",
			"text_delta@0",
			"text_delta@0",
			"text_delta@0",
			"text_end@0",
			"done",
		]);
	});

	it("turns thought parts into a thinking block and keeps its signature byte-for-byte", async () => {
		const thinking = "Let me think 🤔 — it’s 2 + 2…";
		server.current.enqueue({
			body: encodeGeminiStream({
				blocks: [
					{ type: "thinking", thinking, signature: SIGNATURE, deltaSize: 5 },
					{ type: "text", text: "4" },
				],
			}),
		});
		const { events, message } = await run(testModel(server.current), userSays("2 + 2?"));
		expect(message.content).toEqual([
			{ type: "thinking", thinking, thinkingSignature: SIGNATURE },
			{ type: "text", text: "4" },
		]);
		expect(sequence(events).filter((entry) => !entry.includes("delta"))).toEqual([
			"start",
			"thinking_start@0",
			"thinking_end@0",
			"text_start@1",
			"text_end@1",
			"done",
		]);
	});

	it("puts a signature on a text part into textSignature of its text block", async () => {
		server.current.enqueue({
			body: encodeGeminiStream(
				{ blocks: [{ type: "text", text: "Signed answer", deltaSize: 6 }] },
				{ signatures: { 0: SIGNATURE } },
			),
		});
		const { message } = await run(testModel(server.current), userSays());
		expect(message.content).toEqual([{ type: "text", text: "Signed answer", textSignature: SIGNATURE }]);
	});

	it("keeps a signature that arrives on an empty trailing part as an empty signed text block", async () => {
		server.current.enqueue({
			body: encodeGeminiStream(
				{ blocks: [{ type: "toolCall", id: "call_t", name: "ls", arguments: { path: "." } }] },
				{ trailingSignature: SIGNATURE },
			),
		});
		const { message } = await run(testModel(server.current), userSays());
		expect(message.content).toEqual([
			{ type: "toolCall", id: "call_t", name: "ls", arguments: { path: "." } },
			{ type: "text", text: "", textSignature: SIGNATURE },
		]);
		expect(message.stopReason).toBe("toolUse");
	});

	it("attaches a signature that arrives on an empty thought part to the open thinking block", async () => {
		server.current.enqueue({
			body: encodeGeminiStream({
				blocks: [
					{ type: "thinking", thinking: "Planning the answer.", deltaSize: 8 },
					{ type: "thinking", thinking: "", signature: SIGNATURE },
					{ type: "text", text: "Done." },
				],
			}),
		});
		const { message } = await run(testModel(server.current), userSays());
		expect(message.content).toEqual([
			{ type: "thinking", thinking: "Planning the answer.", thinkingSignature: SIGNATURE },
			{ type: "text", text: "Done." },
		]);
	});

	it("starts a new thinking block when a second signature arrives, so signatures are never concatenated", async () => {
		server.current.enqueue({
			body: encodeGeminiStream({
				blocks: [
					{ type: "thinking", thinking: "First thought.", signature: "c2lnLTE=" },
					{ type: "thinking", thinking: "Second thought.", signature: "c2lnLTI=" },
					{ type: "text", text: "Answer." },
				],
			}),
		});
		const { message } = await run(testModel(server.current), userSays());
		expect(message.content).toEqual([
			{ type: "thinking", thinking: "First thought.", thinkingSignature: "c2lnLTE=" },
			{ type: "thinking", thinking: "Second thought.", thinkingSignature: "c2lnLTI=" },
			{ type: "text", text: "Answer." },
		]);
	});

	it("starts a new block each time the stream switches between thought and text parts", async () => {
		server.current.enqueue({
			body: encodeGeminiStream({
				blocks: [
					{ type: "thinking", thinking: "a" },
					{ type: "text", text: "b" },
					{ type: "thinking", thinking: "c" },
					{ type: "text", text: "d" },
				],
			}),
		});
		const { message } = await run(testModel(server.current), userSays());
		expect(message.content.map((block) => block.type)).toEqual(["thinking", "text", "thinking", "text"]);
	});

	it("reads frames delimited by \\n\\n as proxies send them", async () => {
		server.current.enqueue({
			body: encodeGeminiStream(
				{ blocks: [{ type: "text", text: "via a proxy", deltaSize: 3 }] },
				{ lineBreak: "\n" },
			),
		});
		const { message } = await run(testModel(server.current), userSays());
		expect(message.content).toEqual([{ type: "text", text: "via a proxy" }]);
		expect(message.stopReason).toBe("stop");
	});
});
