import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Agent, type AgentToolResultMessage } from "@kestrel/agent-core";
import { ProviderRegistry } from "@kestrel/ai";
import { createFauxProvider, fauxText, fauxToolCall } from "@kestrel/ai/testing";
import { describe, expect, it } from "vitest";
import { bashToolGuidelines, createBashTool } from "../../src/index.js";
import { useTempDir } from "../helpers.js";

describe("bash in an agent (agent-core's Agent and a scripted model)", () => {
	const tempDir = useTempDir();

	it("runs the model's commands in root and answers failures as error results", async () => {
		const root = tempDir();
		const faux = createFauxProvider();
		faux.enqueue(
			{
				content: [
					// The model sends `timeout` as a string: the loop converts it before validation.
					fauxToolCall(
						"bash",
						{ command: "echo hello > greeting.txt && cat greeting.txt", timeout: "5" },
						"ok",
					),
					fauxToolCall("bash", { command: "ls missing-file" }, "fails"),
				],
			},
			{ content: [fauxText("Done.")] },
		);
		const registry = new ProviderRegistry();
		registry.register(faux.provider);

		const agent = new Agent({
			model: faux.model(),
			streamFn: registry.stream.bind(registry),
			systemPrompt: `You work in ${root}.\n\n## Shell\n${bashToolGuidelines}`,
			tools: [createBashTool(root)],
		});
		const outcome = await agent.prompt("Greet, then list a missing file.");

		expect(outcome.kind).toBe("completed");
		expect(readFileSync(join(root, "greeting.txt"), "utf8")).toBe("hello\n");
		const results = agent.state.messages.filter(
			(message): message is AgentToolResultMessage => message.role === "toolResult",
		);
		const text = (result: AgentToolResultMessage | undefined) =>
			result?.content.map((block) => (block.type === "text" ? block.text : "")).join("");
		const ok = results.find((result) => result.toolCallId === "ok");
		const fails = results.find((result) => result.toolCallId === "fails");
		expect(ok?.isError).toBe(false);
		expect(text(ok)).toBe("hello");
		expect(ok?.details).toMatchObject({ timeoutMs: 5000, exitCode: 0 });
		expect(fails?.isError).toBe(true);
		expect(text(fails)).toMatch(/missing-file[\s\S]*Command exited with code 2\.$/);
		expect(faux.requests[0]?.context.tools?.map((tool) => tool.name)).toEqual(["bash"]);
	});
});
