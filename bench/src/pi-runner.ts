/**
 * Runs @mariozechner/pi-ai in its own process so that the parent can kill it at the time
 * cap: its argument handling re-parses the whole accumulated JSON on every delta, which
 * takes minutes on large arguments.
 */
import { isDeepStrictEqual } from "node:util";
import { type Context, type Model, stream, Type } from "@mariozechner/pi-ai";
import type { PiJob, PiReport } from "./pi-protocol.js";
import {
	API_KEY,
	type BenchApi,
	type BenchScenario,
	baseUrlFor,
	MODEL_ID,
	providerFor,
	TEXT_PROMPT,
	TOOL_DESCRIPTION,
	TOOL_NAME,
	USER_PROMPT,
} from "./scenario.js";

function modelFor(api: BenchApi, serverUrl: string): Model<BenchApi> {
	return {
		id: MODEL_ID,
		name: "Bench model",
		api,
		provider: providerFor(api),
		baseUrl: baseUrlFor(api, serverUrl, "pi-ai"),
		reasoning: false,
		input: ["text"],
		cost: { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 },
		contextWindow: 200_000,
		maxTokens: 128_000,
	};
}

const CONTEXTS: Record<BenchScenario, Context> = {
	"tool-call": {
		messages: [{ role: "user", content: USER_PROMPT, timestamp: 0 }],
		tools: [
			{
				name: TOOL_NAME,
				description: TOOL_DESCRIPTION,
				parameters: Type.Object({ path: Type.String(), content: Type.String() }),
			},
		],
	},
	text: { messages: [{ role: "user", content: TEXT_PROMPT, timestamp: 0 }] },
};

/** The final tool-call arguments, or the final text. */
async function result(model: Model<BenchApi>, scenario: BenchScenario): Promise<unknown> {
	const events = stream(model, CONTEXTS[scenario], { apiKey: API_KEY });
	for await (const _event of events) {
		// Consumed like an app consumes it; each event carries the partial message.
	}
	const message = await events.result();
	if (message.stopReason === "error" || message.stopReason === "aborted") {
		throw new Error(`pi-ai ${model.api} failed: ${message.errorMessage}`);
	}
	if (scenario === "text") {
		return message.content.map((block) => (block.type === "text" ? block.text : "")).join("");
	}
	const call = message.content.find((block) => block.type === "toolCall");
	if (!call) throw new Error(`pi-ai ${model.api}: no tool call in the final message`);
	return call.arguments;
}

/** What a payload must come back as: parsed arguments, or the text itself. */
function expectedValue(scenario: BenchScenario, payload: string): unknown {
	return scenario === "tool-call" ? JSON.parse(payload) : payload;
}

function report(message: PiReport): Promise<void> {
	return new Promise((resolve) => process.send?.(message, () => resolve()));
}

async function run(job: PiJob): Promise<PiReport> {
	const model = modelFor(job.api, job.url);
	const warmUp = await result(model, job.scenario);
	if (!isDeepStrictEqual(warmUp, expectedValue(job.scenario, job.warmUpPayload))) {
		return { type: "failed", message: "pi-ai warm-up result differs from the original" };
	}
	const expected = expectedValue(job.scenario, job.expectedPayload);
	await report({ type: "measuring" });
	const started = performance.now();
	const cpu = process.cpuUsage();
	const actual = await result(model, job.scenario);
	const used = process.cpuUsage(cpu);
	const wallMs = performance.now() - started;
	return {
		type: "measured",
		cpuMs: (used.user + used.system) / 1000,
		wallMs,
		correct: isDeepStrictEqual(actual, expected),
	};
}

process.once("message", (job: PiJob) => {
	run(job)
		.catch(
			(error: unknown): PiReport => ({ type: "failed", message: String((error as Error)?.message ?? error) }),
		)
		.then(report)
		.finally(() => process.disconnect());
});
