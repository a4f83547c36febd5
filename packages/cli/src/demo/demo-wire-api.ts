import { randomUUID } from "node:crypto";
import { setImmediate as yieldToEvents } from "node:timers/promises";
import {
	CHAT_COMPLETIONS_TOOL_CALL_IDS,
	type Model,
	type ProviderImplementation,
	runProviderStream,
	Type,
	type WireApi,
} from "@kestrel/ai";
import { inspectFolder } from "./demo-folder.js";
import { DEMO_API, DEMO_MODEL, DEMO_PROVIDER } from "./demo-model.js";
import { nextDemoReply } from "./demo-script.js";

/** Characters per streamed text delta: the reply arrives in pieces, as a real model's does. */
const DELTA_CHARS = 24;

/**
 * The wire API of `kestrel --demo`: a provider whose replies come from the demo script
 * ({@link nextDemoReply}) instead of a server. It streams through `runProviderStream` and
 * the message assembler like every provider, so every mode, the session file and the
 * export see ordinary events. `cwd` is the folder the tour looks at.
 */
export function createDemoWireApi(cwd: string): WireApi {
	return {
		api: DEMO_API,
		title: "Kestrel scripted demo",
		compat: Type.Object({}),
		auth: { kind: "none" },
		providers: {
			[DEMO_PROVIDER]: { name: "Kestrel scripted demo (not an AI)", baseUrl: DEMO_MODEL.baseUrl },
		},
		models: [DEMO_MODEL],
		createProvider: () => createDemoProvider(cwd),
		replayRules: () => ({ toolCallIds: CHAT_COMPLETIONS_TOOL_CALL_IDS, ownThinkingNeedsSignature: false }),
	};
}

function createDemoProvider(cwd: string): ProviderImplementation {
	return {
		api: DEMO_API,
		stream: (model: Model, context, options) =>
			runProviderStream(model, { ...options }, async (run) => {
				const reply = nextDemoReply({
					messages: context.messages,
					tools: (context.tools ?? []).map((tool) => tool.name),
					folder: await inspectFolder(cwd),
				});
				const { assembler, signal } = run;
				const step = async () => {
					run.activity();
					await yieldToEvents();
					if (signal.aborted) throw new Error("The demo was stopped.");
				};
				assembler.start();
				assembler.beginText(0);
				for (let at = 0; at < reply.text.length; at += DELTA_CHARS) {
					await step();
					assembler.appendText(0, reply.text.slice(at, at + DELTA_CHARS));
				}
				assembler.endBlock(0);
				if (reply.toolCall) {
					await step();
					assembler.beginToolCall(1, { id: `demo_${randomUUID().slice(0, 13)}`, name: reply.toolCall.name });
					assembler.appendToolArguments(1, JSON.stringify(reply.toolCall.arguments));
					assembler.endBlock(1);
				}
				assembler.setUsage({ input: 0, output: 0, cacheRead: 0, cacheWrite: 0 });
				assembler.setStopReason(reply.toolCall ? "toolUse" : "stop");
				assembler.finish();
			}),
	};
}
