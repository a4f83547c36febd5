import { describe, expect, it } from "vitest";
import { encodeGeminiStream } from "../../src/testing/wire-server/google-generative-ai.js";
import type { WireScript } from "../../src/testing/wire-server/script.js";
import { run, testModel, userSays, useWireServer, withoutTimestamp } from "./fixtures.js";

const server = useWireServer();

const script = {
	blocks: [
		{ type: "thinking", thinking: "Let me think about it.", signature: "c2lnbmF0dXJl", deltaSize: 5 },
		{ type: "text", text: "Accents é, CJK 漢字 and an emoji 😀 arrive whole.", deltaSize: 7 },
	],
	usage: { input: 12, output: 34, cacheRead: 0, cacheWrite: 0 },
} satisfies WireScript;

describe("google-generative-ai: reading the body outside the SDK", () => {
	it("builds the same message from frames ended by \\n\\n, \\r\\r and \\r\\n\\r\\n, as the SDK's reader did", async () => {
		const crlf = encodeGeminiStream(script);
		const messages = [];
		for (const body of [crlf, crlf.replaceAll("\r\n", "\n"), crlf.replaceAll("\r\n", "\r")]) {
			server.current.enqueue({ body, chunking: { random: { seed: 7, max: 9 } } });
			const { message } = await run(testModel(server.current), userSays());
			expect(message.stopReason).toBe("stop");
			messages.push(withoutTimestamp(message));
		}
		expect(messages[1]).toEqual(messages[0]);
		expect(messages[2]).toEqual(messages[0]);
	});

	it("reads a whole last frame that has no closing blank line, and fails one cut inside its JSON", async () => {
		const body = encodeGeminiStream(script).replaceAll("\r\n", "\n");
		expect(body.endsWith("\n\n")).toBe(true);
		server.current.enqueue({ body });
		const whole = withoutTimestamp((await run(testModel(server.current), userSays())).message);

		// The server closes right after the last frame's data line (its newline included or not).
		for (const cut of [body.slice(0, -1), body.slice(0, -2)]) {
			server.current.enqueue({ body: cut });
			const { message } = await run(testModel(server.current), userSays());
			expect(withoutTimestamp(message)).toEqual(whole);
		}
		// Cut inside the last frame's JSON: a broken connection, the content so far kept.
		server.current.enqueue({ body: body.slice(0, -6) });
		const { message } = await run(testModel(server.current), userSays());
		expect(message.stopReason).toBe("error");
		expect(message.error?.kind).toBe("network");
	});

	it("classifies a bare JSON error sent with HTTP 200 instead of an event stream, like the SDK", async () => {
		server.current.enqueue({
			body: JSON.stringify({
				error: { code: 429, message: "Quota exceeded for this model.", status: "RESOURCE_EXHAUSTED" },
			}),
		});
		const { events, message } = await run(testModel(server.current), userSays());
		expect(events.map((event) => event.type)).toEqual(["start", "error"]);
		expect(message.error).toMatchObject({ kind: "rate_limit", status: 429, code: "RESOURCE_EXHAUSTED" });
		expect(message.errorMessage).toContain("Quota exceeded for this model.");
	});

	it("classifies a pretty-printed JSON error that ends the stream after some frames, however it is cut", async () => {
		const frames = encodeGeminiStream(
			{ blocks: [{ type: "text", text: "The answer so far", deltaSize: 4 }] },
			{ omitFinishReason: true },
		);
		const error = JSON.stringify(
			{ error: { code: 503, message: "The model is overloaded.", status: "UNAVAILABLE" } },
			null,
			2,
		);
		for (const chunking of [1, { random: { seed: 3, max: 17 } }] as const) {
			server.current.enqueue({ body: `${frames}${error}\n`, chunking });
			const { message } = await run(testModel(server.current), userSays());
			expect(message.error).toMatchObject({ kind: "overloaded", status: 503, code: "UNAVAILABLE" });
			expect(message.errorMessage).toContain("The model is overloaded.");
			expect(message.content).toEqual([{ type: "text", text: "The answer so far" }]);
		}
	});

	it("ignores a data frame that is JSON but not an object", async () => {
		const body = encodeGeminiStream({ blocks: [{ type: "text", text: "after null" }] });
		server.current.enqueue({ body: `data: null\r\n\r\n${body}` });
		const { message } = await run(testModel(server.current), userSays());
		expect(message.stopReason).toBe("stop");
		expect(message.content).toEqual([{ type: "text", text: "after null" }]);
	});
});
