import { describe, expect, it } from "vitest";
import { encodeGeminiStream } from "../../src/testing/wire-server/google-generative-ai.js";
import { run, testModel, userSays, useWireServer } from "./fixtures.js";

const server = useWireServer();

describe("google-generative-ai: errors inside the stream", () => {
	it("ends with the error frame's classification and keeps the text so far", async () => {
		server.current.enqueue({
			body: encodeGeminiStream({
				blocks: [{ type: "text", text: "The first part of the answer", deltaSize: 6 }],
				error: { type: "UNAVAILABLE", message: "The model is overloaded. Please try again later." },
			}),
		});
		const { events, message } = await run(testModel(server.current), userSays());
		expect(events.at(-1)?.type).toBe("error");
		expect(events.filter((event) => event.type === "error")).toHaveLength(1);
		expect(message.stopReason).toBe("error");
		expect(message.error).toMatchObject({ kind: "overloaded", status: 503, code: "UNAVAILABLE" });
		expect(message.errorMessage).toContain("The model is overloaded");
		expect(message.errorMessage).not.toContain("got status");
		expect(message.content).toEqual([{ type: "text", text: "The first part of the answer" }]);
	});
});
