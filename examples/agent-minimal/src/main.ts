/**
 * Runs the notes agent against the scripted provider from `@kestrel/ai/testing`: no key,
 * no network. It prints the run as a terminal UI would. `--check` makes it exit non-zero
 * unless the run went as scripted.
 */
import { ProviderRegistry, type ToolResultMessage } from "@kestrel/ai";
import { createFauxProvider, fauxText, fauxToolCall } from "@kestrel/ai/testing";
import { createNotesAgent, reminder } from "./notes-agent.js";

const check = process.argv.includes("--check");
const notebook = new Map([
	["shopping", "milk, eggs, coffee"],
	["private-diary", "Dear diary…"],
]);

// The script: the model reads two notes at once, then answers from what it got back.
const faux = createFauxProvider({ deltaSize: 3, deltaDelayMs: check ? 0 : 12 });
faux.enqueue(
	{
		content: [
			fauxText("Let me look at your notes."),
			fauxToolCall("read_note", { name: "shopping" }, "call_shopping"),
			fauxToolCall("read_note", { name: "private-diary" }, "call_diary"),
		],
	},
	({ context }) => {
		const results = context.messages.filter(
			(message): message is ToolResultMessage => message.role === "toolResult",
		);
		const shopping = results.find((result) => result.toolCallId === "call_shopping");
		const text = shopping?.content[0]?.type === "text" ? shopping.content[0].text : "?";
		return { content: [fauxText(`You need to buy: ${text}. Your diary is private, so I left it closed.`)] };
	},
);
const registry = new ProviderRegistry();
registry.register(faux.provider);

const agent = createNotesAgent(faux.model(), registry.stream.bind(registry), notebook);
const executed: string[] = [];
agent.subscribe((event) => {
	switch (event.type) {
		case "message_start":
			if (event.message.role === "reminder") process.stdout.write(`📌 ${event.message.text}\n`);
			if (event.message.role === "assistant") process.stdout.write("assistant: ");
			break;
		case "message_update":
			if (event.assistantMessageEvent.type === "text_delta")
				process.stdout.write(event.assistantMessageEvent.delta);
			break;
		case "message_end":
			if (event.message.role === "assistant") process.stdout.write("\n");
			break;
		case "tool_execution_start":
			process.stdout.write(`  → ${event.toolName} ${JSON.stringify(event.args)}\n`);
			break;
		case "tool_execution_end": {
			const first = event.result.content[0];
			const text = first?.type === "text" ? first.text : "";
			if (!event.isError) executed.push(event.toolCallId);
			process.stdout.write(`  ${event.isError ? "✗" : "✓"} ${text}\n`);
			break;
		}
		case "agent_end":
			process.stdout.write(
				`[run ${event.outcome.kind}: ${event.stats.turns} turns, ${event.stats.toolCalls} tool calls]\n`,
			);
	}
});

const outcome = await agent.prompt([
	reminder("The user is at the supermarket."),
	{ role: "user", content: "What do I need to buy?", timestamp: Date.now() },
]);

if (check) {
	const last = agent.state.messages.at(-1);
	const firstRequest = faux.requests[0]?.context.messages ?? [];
	const diary = agent.state.messages.find(
		(message) => message.role === "toolResult" && message.toolCallId === "call_diary",
	);
	const failures = [
		outcome.kind === "completed" ? "" : `the run ended with ${outcome.kind}`,
		last?.role === "assistant" && last.stopReason === "stop" ? "" : "the last message is not a final answer",
		executed.join() === "call_shopping"
			? ""
			: `executed ${executed.join() || "nothing"}, expected call_shopping`,
		diary?.role === "toolResult" && diary.isError ? "" : "the private note was not blocked",
		firstRequest[0]?.content === "<reminder>The user is at the supermarket.</reminder>"
			? ""
			: "the reminder did not reach the model as a tagged user message",
		agent.state.messages[0]?.role === "reminder" ? "" : "the reminder is not in the transcript",
	].filter(Boolean);
	if (failures.length > 0) {
		console.error(`agent-minimal example: ${failures.join("; ")}`);
		process.exit(1);
	}
}
