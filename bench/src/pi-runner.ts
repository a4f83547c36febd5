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
	baseUrlFor,
	MODEL_ID,
	TOOL_DESCRIPTION,
	TOOL_NAME,
	USER_PROMPT,
} from "./scenario.js";

function modelFor(api: BenchApi, serverUrl: string): Model<BenchApi> {
	return {
		id: MODEL_ID,
		name: "Bench model",
		api,
		provider: api === "anthropic-messages" ? "anthropic" : "openai",
		baseUrl: baseUrlFor(api, serverUrl),
		reasoning: false,
		input: ["text"],
		cost: { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 },
		contextWindow: 200_000,
		maxTokens: 128_000,
	};
}

const context: Context = {
	messages: [{ role: "user", content: USER_PROMPT, timestamp: 0 }],
	tools: [
		{
			name: TOOL_NAME,
			description: TOOL_DESCRIPTION,
			parameters: Type.Object({ path: Type.String(), content: Type.String() }),
		},
	],
};

async function toolArguments(model: Model<BenchApi>): Promise<unknown> {
	const events = stream(model, context, { apiKey: API_KEY });
	for await (const _event of events) {
		// Consumed like an app consumes it; each event carries the partial message.
	}
	const message = await events.result();
	if (message.stopReason === "error" || message.stopReason === "aborted") {
		throw new Error(`pi-ai ${model.api} failed: ${message.errorMessage}`);
	}
	const call = message.content.find((block) => block.type === "toolCall");
	if (!call) throw new Error(`pi-ai ${model.api}: no tool call in the final message`);
	return call.arguments;
}

function report(message: PiReport): Promise<void> {
	return new Promise((resolve) => process.send?.(message, () => resolve()));
}

async function run(job: PiJob): Promise<PiReport> {
	const model = modelFor(job.api, job.url);
	const warmUp = await toolArguments(model);
	if (!isDeepStrictEqual(warmUp, JSON.parse(job.warmUpJson))) {
		return { type: "failed", message: "pi-ai warm-up arguments differ from the original" };
	}
	const expected: unknown = JSON.parse(job.expectedJson);
	await report({ type: "measuring" });
	const started = performance.now();
	const cpu = process.cpuUsage();
	const actual = await toolArguments(model);
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
