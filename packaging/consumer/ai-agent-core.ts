// @kestrel/agent-core on @kestrel/ai: an Agent with one tool, driven by the scripted provider.
import assert from "node:assert/strict";
import { Agent, type AgentTool, maxTurns } from "@kestrel/agent-core";
import { ProviderRegistry, Type } from "@kestrel/ai";
import { createFauxProvider, fauxText, fauxToolCall } from "@kestrel/ai/testing";

const faux = createFauxProvider();
faux.enqueue(
	{ content: [fauxToolCall("tide", { harbour: "Brest" })] },
	{ content: [fauxText("High tide in Brest is at 06:10.")] },
);
const registry = new ProviderRegistry();
registry.register(faux.provider);

const parameters = Type.Object({ harbour: Type.String() });
const calls: string[] = [];
const tide: AgentTool<typeof parameters> = {
	name: "tide",
	description: "The next high tide in a harbour.",
	parameters,
	execute: async (_toolCallId, { harbour }) => {
		calls.push(harbour);
		return { content: [{ type: "text", text: `${harbour}: 06:10` }], details: {} };
	},
};

const agent = new Agent({
	model: faux.model(),
	streamFn: registry.stream.bind(registry),
	systemPrompt: "You answer questions about tides.",
	tools: [tide],
	shouldStopAfterTurn: maxTurns(5),
});
const outcome = await agent.prompt("When is high tide in Brest?");
assert.equal(outcome.kind, "completed");
assert.deepEqual(calls, ["Brest"]);
const last = agent.state.messages.at(-1);
assert.ok(last?.role === "assistant" && last.content[0]?.type === "text");
assert.equal(last.content[0].text, "High tide in Brest is at 06:10.");
console.log("ai-agent-core: ok");
