import { describe, expect, it } from "vitest";
import { encodeAnthropicStream } from "../../src/testing/wire-server/anthropic-messages.js";
import { run, testModel, userSays, useWireServer } from "./fixtures.js";

const server = useWireServer();

describe("anthropic-messages: tool calls", () => {
	it("assembles one tool call from input_json_delta pieces, with exactly parsed arguments and no scratch fields", async () => {
		const args = {
			path: "src/main.ts",
			range: [1, 20],
			options: { follow: true, note: 'quote " and \\ ok' },
		};
		server.current.enqueue({
			body: encodeAnthropicStream({
				blocks: [
					{ type: "text", text: "Let me read it." },
					{
						type: "toolCall",
						id: "toolu_01A09q90qw90lq917835lq9",
						name: "read",
						arguments: args,
						deltaSize: 7,
					},
				],
			}),
		});
		const { events, message } = await run(testModel(server.current), userSays());
		expect(message.content).toEqual([
			{ type: "text", text: "Let me read it." },
			{ type: "toolCall", id: "toolu_01A09q90qw90lq917835lq9", name: "read", arguments: args },
		]);
		expect(message.stopReason).toBe("toolUse");
		expect(message.rawStopReason).toBe("tool_use");
		const end = events.find((event) => event.type === "toolcall_end");
		expect(end?.type === "toolcall_end" && end.toolCall).toEqual(message.content[1]);
	});

	it("assembles several tool calls of one message, each with its own arguments", async () => {
		server.current.enqueue({
			body: encodeAnthropicStream({
				blocks: [
					{ type: "toolCall", id: "toolu_a", name: "ls", arguments: { path: "." }, deltaSize: 3 },
					{
						type: "toolCall",
						id: "toolu_b",
						name: "grep",
						arguments: { pattern: "TODO", glob: "*.ts" },
						deltaSize: 5,
					},
					{ type: "toolCall", id: "toolu_c", name: "now", arguments: "" },
				],
			}),
		});
		const { message } = await run(testModel(server.current), userSays());
		expect(message.content).toEqual([
			{ type: "toolCall", id: "toolu_a", name: "ls", arguments: { path: "." } },
			{ type: "toolCall", id: "toolu_b", name: "grep", arguments: { pattern: "TODO", glob: "*.ts" } },
			{ type: "toolCall", id: "toolu_c", name: "now", arguments: {} },
		]);
		expect(message.stopReason).toBe("toolUse");
	});

	it("keeps partial arguments up to date while the call streams", async () => {
		server.current.enqueue({
			body: encodeAnthropicStream({
				blocks: [
					{
						type: "toolCall",
						id: "toolu_p",
						name: "write",
						arguments: { path: "a", content: "xyz" },
						deltaSize: 4,
					},
				],
			}),
		});
		const { events } = await run(testModel(server.current), userSays());
		const seen = events.flatMap((event) => {
			if (event.type !== "toolcall_delta") return [];
			const block = event.partial.content[event.contentIndex];
			return block?.type === "toolCall" ? [JSON.stringify(block.arguments)] : [];
		});
		expect(seen.length).toBeGreaterThan(2);
		expect(seen.at(-1)).toBe(JSON.stringify({ path: "a", content: "xyz" }));
	});
});
