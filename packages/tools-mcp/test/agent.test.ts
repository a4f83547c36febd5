import { Agent, type AgentToolResultMessage } from "@kestrel/agent-core";
import { ProviderRegistry } from "@kestrel/ai";
import { createFauxProvider, fauxText, fauxToolCall } from "@kestrel/ai/testing";
import { describe, expect, it } from "vitest";
import { faultServer, usePacks, useTempDir } from "./helpers.js";

describe("MCP tools in an agent (agent-core's Agent and a scripted model)", () => {
	const tempDir = useTempDir();
	const startPack = usePacks(tempDir);

	it("validates arguments against the server's JSON schema, converting strings the model sent for numbers", async () => {
		const { pack } = await startPack({ fault: faultServer() });
		const faux = createFauxProvider();
		faux.enqueue(
			{ content: [fauxToolCall("mcp__fault__echo", { text: "ab", times: "2" }, "c1")] },
			{ content: [fauxToolCall("mcp__fault__echo", { times: 1 }, "c2")] },
			{ content: [fauxText("done")] },
		);
		const registry = new ProviderRegistry();
		registry.register(faux.provider);
		const agent = new Agent({
			model: faux.model(),
			streamFn: registry.stream.bind(registry),
			tools: [...pack.tools()],
		});
		await agent.prompt("go");
		const results = agent.state.messages.filter(
			(message): message is AgentToolResultMessage => message.role === "toolResult",
		);
		expect(
			faux.requests[0]?.context.tools?.find((tool) => tool.name === "mcp__fault__echo")?.parameters,
		).toMatchObject({
			type: "object",
			required: ["text"],
		});
		expect(
			results.map((result) => [result.isError, result.content[0]?.type === "text" && result.content[0].text]),
		).toEqual([
			[false, "abab"],
			[true, expect.stringContaining('Invalid arguments for tool "mcp__fault__echo"')],
		]);
	});
});
