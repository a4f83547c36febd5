/**
 * The smallest Kestrel program: one model, one tool, a reply streamed to the terminal.
 * It runs against the scripted provider from `@kestrel/ai/testing`, so it needs no key
 * and no network. `--check` makes it exit non-zero unless the run went as scripted.
 */
import {
	type AssistantMessage,
	type Context,
	ProviderRegistry,
	type ToolResultMessage,
	Type,
} from "@kestrel/ai";
import { createFauxProvider, fauxText, fauxToolCall } from "@kestrel/ai/testing";

const clockTool = {
	name: "clock",
	description: "Tells the current time in a time zone.",
	parameters: Type.Object({ timeZone: Type.String({ description: "An IANA zone such as Europe/Paris" }) }),
};

function runClock(args: Record<string, unknown>): string {
	const timeZone = typeof args.timeZone === "string" ? args.timeZone : "UTC";
	return new Date().toLocaleTimeString("en-GB", { timeZone, timeZoneName: "short" });
}

const faux = createFauxProvider({ deltaSize: 3, deltaDelayMs: 15 });
faux.enqueue(
	{ content: [fauxText("Let me look at the clock."), fauxToolCall("clock", { timeZone: "Europe/Paris" })] },
	({ context }) => {
		const result = context.messages.at(-1) as ToolResultMessage;
		const time = result.content[0]?.type === "text" ? result.content[0].text : "?";
		return { content: [fauxText(`In Paris it is ${time}. Kestrel streamed this reply token by token.`)] };
	},
);

const registry = new ProviderRegistry();
registry.register(faux.provider);
const model = faux.model();
const context: Context = {
	systemPrompt: "You are a helpful assistant.",
	messages: [{ role: "user", content: "What time is it in Paris?", timestamp: Date.now() }],
	tools: [clockTool],
};

let last: AssistantMessage | undefined;
for (let turn = 0; turn < 4; turn++) {
	const stream = registry.stream(model, context);
	for await (const event of stream) {
		if (event.type === "text_delta") process.stdout.write(event.delta);
		if (event.type === "toolcall_end") {
			process.stdout.write(`\n[tool ${event.toolCall.name} ${JSON.stringify(event.toolCall.arguments)}]\n`);
		}
	}
	last = await stream.result();
	context.messages.push(last);
	const calls = last.content.filter((block) => block.type === "toolCall");
	if (calls.length === 0) break;
	for (const call of calls) {
		context.messages.push({
			role: "toolResult",
			toolCallId: call.id,
			toolName: call.name,
			content: [{ type: "text", text: runClock(call.arguments) }],
			isError: false,
			timestamp: Date.now(),
		});
	}
}
process.stdout.write("\n");

if (process.argv.includes("--check")) {
	const text = last?.content.find((block) => block.type === "text");
	const ok = last?.stopReason === "stop" && text?.type === "text" && text.text.startsWith("In Paris it is");
	if (!ok) {
		console.error("hello example: the run did not go as scripted", last);
		process.exit(1);
	}
}
