import assert from "node:assert/strict";
import type { AssistantMessageEvent, ModelCost } from "../../types.js";
import type { ScriptBlock, ScriptUsage, WireScript } from "../wire-server/script.js";
import type { ScriptedResponse } from "../wire-server/server.js";
import { bodyBytes, splitPoints } from "./frames.js";
import { assertSameMessage, expectedContent, neutralContent, play, playAll, withServer } from "./play.js";
import type { ConformanceCase, ConformanceTarget } from "./target.js";

/** A signature as APIs send them: base64 with `+`, `/` and `=`, which must survive untouched. */
const SIGNATURE = "EqQBCgIYAhIM1gbcDa9GJwZA2b3hGgxB+/Ab9Qz5HsfTqVtX0Rc/B8h+1gN=";

/** USD per million tokens, distinct for each kind so that a swapped count shows. */
const PRICES: ModelCost = { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 };

/** Thinking blocks as the target's API has them: signed, unsigned, or none at all. */
function thinkingBlock(
	target: ConformanceTarget,
	thinking: string,
	signature: string,
	deltaSize?: number,
): ScriptBlock[] {
	const { thinking: mode } = target.features;
	if (mode === "none") return [];
	const block: ScriptBlock = { type: "thinking", thinking, ...(deltaSize ? { deltaSize } : {}) };
	return [mode === "signed" ? { ...block, signature } : block];
}

/** Plays one script and returns what the request produced. */
async function playScript(
	target: ConformanceTarget,
	script: WireScript,
	extra: Partial<ScriptedResponse> = {},
) {
	return withServer(async (server) => {
		server.enqueue({ ...target.encode(script), ...extra });
		return play(target, server.url);
	});
}

function deltas(events: AssistantMessageEvent[], type: "text_delta" | "thinking_delta"): string[] {
	return events.flatMap((event) => (event.type === type ? [event.delta] : []));
}

/** Event types with their block index (`text_delta@1`), runs of one delta type shown once. */
function outline(events: AssistantMessageEvent[]): string[] {
	const entries = events.map((event) =>
		"contentIndex" in event ? `${event.type}@${event.contentIndex}` : event.type,
	);
	return entries.filter((entry, index) => !entry.includes("_delta@") || entry !== entries[index - 1]);
}

function assertClose(actual: number, expected: number, what: string): void {
	assert.ok(Math.abs(actual - expected) < 1e-12, `${what}: expected ${expected}, got ${actual}`);
}

/** Text, thinking, tool calls, chunk splits, usage and stop reasons. */
export function contentCases(target: ConformanceTarget): ConformanceCase[] {
	const cases: ConformanceCase[] = [];
	const add = (name: string, run: () => Promise<void>, timeoutMs = 30_000) => {
		cases.push({ name, run, timeoutMs });
	};
	const streamed = target.features.toolArguments === "streamed";

	add("text: deltas build one text block; the message ends with done and stop", async () => {
		const script: WireScript = {
			id: "resp_conformance_01",
			blocks: [{ type: "text", text: "Hello, <world>!", deltaSize: 4 }],
		};
		const { events, message, model } = await playScript(target, script);
		assert.deepEqual(neutralContent(message.content), [{ type: "text", text: "Hello, <world>!" }]);
		assert.deepEqual(deltas(events, "text_delta"), ["Hell", "o, <", "worl", "d>!"]);
		assert.deepEqual(outline(events), ["start", "text_start@0", "text_delta@0", "text_end@0", "done"]);
		assert.equal(message.stopReason, "stop");
		assert.equal(message.rawStopReason, target.stopReasons.stop);
		assert.equal(message.api, target.api);
		assert.equal(message.provider, model.provider);
		assert.equal(message.model, model.id);
		if (target.features.responseId) assert.equal(message.responseId, script.id);
	});

	if (target.features.thinking !== "none") {
		const signed = target.features.thinking === "signed";
		add(
			`thinking: reasoning streams into a thinking block before the answer${signed ? ", its signature kept byte for byte" : ""}`,
			async () => {
				const thinking = "Let me think: 2 + 2 = 4 🤔, it’s easy.";
				const blocks: ScriptBlock[] = [
					...thinkingBlock(target, thinking, SIGNATURE, 5),
					{ type: "text", text: "4" },
				];
				const { events, message } = await playScript(target, { blocks });
				assert.deepEqual(neutralContent(message.content), expectedContent(target, blocks));
				assert.ok(deltas(events, "thinking_delta").length > 1, "thinking must stream in deltas");
				const block = message.content[0];
				assert.ok(block?.type === "thinking");
				const signature = target.signatureOf ? target.signatureOf(block) : block.thinkingSignature;
				assert.equal(signature, signed ? SIGNATURE : undefined);
				const types = events.map((event) => event.type);
				assert.ok(
					types.indexOf("thinking_end") < types.indexOf("text_start"),
					"thinking must end before text",
				);
			},
		);
	}

	add("events: start, each block's start, deltas and end with rising contentIndex, then done", async () => {
		const blocks: ScriptBlock[] = [
			...thinkingBlock(target, "Plan: read the file.", "c2ln"),
			{ type: "text", text: "Reading it." },
			{ type: "toolCall", id: "call_read_01", name: "read", arguments: { path: "a.txt" }, deltaSize: 4 },
		];
		const { events, message } = await playScript(target, { blocks });
		const expected = ["start"];
		blocks.forEach((block, index) => {
			const prefix = block.type === "toolCall" ? "toolcall" : block.type;
			expected.push(`${prefix}_start@${index}`);
			if (block.type !== "toolCall" || streamed) expected.push(`${prefix}_delta@${index}`);
			expected.push(`${prefix}_end@${index}`);
		});
		expected.push("done");
		const seen = outline(events).filter((entry) => streamed || !entry.startsWith("toolcall_delta"));
		assert.deepEqual(seen, expected);
		assert.equal(message.stopReason, "toolUse");
	});

	add(
		`tool call: exact arguments${streamed ? " from argument deltas, kept up to date in partial" : ""}; the message ends with toolUse`,
		async () => {
			const args = {
				path: "src/main.ts",
				range: [1, 20],
				options: { follow: true, note: 'quote " and \\ ok — naïve ✓ 😀' },
			};
			const blocks: ScriptBlock[] = [
				{ type: "text", text: "Let me read it." },
				{ type: "toolCall", id: "call_read_02", name: "read", arguments: args, deltaSize: 7 },
			];
			const seen: string[] = [];
			const { message } = await withServer(async (server) => {
				server.enqueue(target.encode({ blocks }));
				return play(target, server.url, {
					onEvent: (event) => {
						const block =
							event.type === "toolcall_delta" ? event.partial.content[event.contentIndex] : undefined;
						if (block?.type === "toolCall") seen.push(JSON.stringify(block.arguments));
					},
				});
			});
			assert.deepEqual(neutralContent(message.content), expectedContent(target, blocks));
			assert.equal(message.stopReason, "toolUse");
			assert.equal(message.rawStopReason, target.stopReasons.toolUse);
			if (streamed) {
				assert.ok(seen.length > 2, `expected several toolcall_delta events, got ${seen.length}`);
				assert.equal(
					seen.at(-1),
					JSON.stringify(args),
					"partial arguments must be whole after the last delta",
				);
				assert.ok(new Set(seen).size > 2, "partial arguments must grow while the call streams");
			}
		},
	);

	add("tool calls: several calls in one message, each with its own arguments (one with none)", async () => {
		const blocks: ScriptBlock[] = [
			{ type: "toolCall", id: "call_ls_03", name: "ls", arguments: { path: "." }, deltaSize: 3 },
			{
				type: "toolCall",
				id: "call_grep_04",
				name: "grep",
				arguments: { pattern: "TODO", glob: "*.ts" },
				deltaSize: 5,
			},
			{ type: "toolCall", id: "call_now_05", name: "now", arguments: {} },
		];
		const { events, message } = await playScript(target, { blocks });
		assert.deepEqual(neutralContent(message.content), expectedContent(target, blocks));
		assert.equal(events.filter((event) => event.type === "toolcall_end").length, 3);
		assert.equal(message.stopReason, "toolUse");
	});

	add("empty response: no blocks end with done, stop and no content", async () => {
		const { message } = await playScript(target, { blocks: [] });
		assert.deepEqual(message.content, []);
		assert.equal(message.stopReason, "stop");
	});

	add(
		"chunk splits: 1-byte writes, and two-piece splits around every line end, inside every UTF-8 character and every 8th byte, give the same message",
		async () => {
			const blocks: ScriptBlock[] = [
				...thinkingBlock(target, "Hmm 🤔 — it’s a “trick”?", "c2lnbmF0dXJl+/=", 12),
				{ type: "text", text: "Café ☕ it’s fine 👍🏽", deltaSize: 10 },
				{
					type: "toolCall",
					id: "call_split",
					name: "note",
					arguments: { text: 'naïve 😀’\n"q"' },
					deltaSize: 14,
				},
			];
			const usage: ScriptUsage = { input: 12, output: 34, cacheRead: 5 };
			const response = target.encode({ id: "c1", model: "m", blocks, usage });
			await withServer(async (server) => {
				const [reference] = await playAll(target, server, [response]);
				assert.ok(reference);
				assert.deepEqual(neutralContent(reference.content), expectedContent(target, blocks));
				assert.equal(reference.stopReason, "toolUse");
				const { input, output, cacheRead } = reference.usage;
				assert.deepEqual({ input, output, cacheRead }, { input: 12, output: 34, cacheRead: 5 });
				const size = bodyBytes(response.body).length;
				// A pause between writes keeps the client from reading two of them as one piece.
				const responses: ScriptedResponse[] = [{ ...response, chunking: 1, chunkDelayMs: 1 }];
				const points = splitPoints(bodyBytes(response.body));
				for (const first of points) {
					responses.push({ ...response, chunking: [first, size - first], chunkDelayMs: 1 });
				}
				const messages = await playAll(target, server, responses);
				messages.forEach((message, index) => {
					assertSameMessage(
						message,
						reference,
						index === 0 ? "1-byte writes" : `split at byte ${points[index - 1]}`,
					);
				});
			});
		},
		600_000,
	);

	add(
		"chunk splits: a 64 KB tool argument gives the identical message under seeded random splits",
		async () => {
			const line = 'const value = "ünïcödé ✓ 😀\\tok" < 1 > 0;\n';
			const args = { path: "big.ts", content: line.repeat(Math.ceil(65_536 / line.length)) };
			const blocks: ScriptBlock[] = [
				{ type: "text", text: "Writing the file." },
				{ type: "toolCall", id: "call_big", name: "write", arguments: args, deltaSize: 97 },
			];
			const response = target.encode({ blocks });
			await withServer(async (server) => {
				const [reference] = await playAll(target, server, [response]);
				assert.ok(reference);
				assert.deepEqual(neutralContent(reference.content), expectedContent(target, blocks));
				const seeds = [1, 7, 42, 1234, 99_999];
				const messages = await playAll(
					target,
					server,
					seeds.map((seed) => ({ ...response, chunking: { random: { seed, max: 700 } }, chunkDelayMs: 1 })),
				);
				messages.forEach((message, index) => {
					assertSameMessage(message, reference, `random splits, seed ${seeds[index]}`);
				});
			});
		},
		120_000,
	);

	add("usage: uncached input, output and cache counts, priced with the model's cost", async () => {
		const usage: ScriptUsage = { input: 1_000, output: 500, cacheRead: 2_000 };
		if (target.features.cacheWrite) usage.cacheWrite = 400;
		const { message } = await withServer(async (server) => {
			server.enqueue(target.encode({ blocks: [{ type: "text", text: "ok" }], usage }));
			return play(target, server.url, { model: { ...target.model(server.url), cost: PRICES } });
		});
		const cacheWrite = usage.cacheWrite ?? 0;
		const { cost, ...tokens } = message.usage;
		assert.deepEqual(tokens, {
			input: 1_000,
			output: 500,
			cacheRead: 2_000,
			cacheWrite,
			totalTokens: 3_500 + cacheWrite,
		});
		assertClose(cost.input, (1_000 * PRICES.input) / 1e6, "cost.input");
		assertClose(cost.output, (500 * PRICES.output) / 1e6, "cost.output");
		assertClose(cost.cacheRead, (2_000 * PRICES.cacheRead) / 1e6, "cost.cacheRead");
		assertClose(cost.cacheWrite, (cacheWrite * PRICES.cacheWrite) / 1e6, "cost.cacheWrite");
		assertClose(cost.total, cost.input + cost.output + cost.cacheRead + cost.cacheWrite, "cost.total");
	});

	add("usage: a free model costs nothing", async () => {
		const free: ModelCost = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 };
		const { message } = await withServer(async (server) => {
			server.enqueue(
				target.encode({ blocks: [{ type: "text", text: "ok" }], usage: { input: 10, output: 5 } }),
			);
			return play(target, server.url, { model: { ...target.model(server.url), cost: free } });
		});
		assert.deepEqual(message.usage.cost, { ...free, total: 0 });
		assert.equal(message.usage.totalTokens, 15);
	});

	const { stop, length, toolUse, unknown } = target.stopReasons;
	const text: ScriptBlock[] = [{ type: "text", text: "partial answer" }];
	const call: ScriptBlock = { type: "toolCall", id: "call_stop_06", name: "ls", arguments: { path: "." } };
	for (const [raw, blocks, expected] of [
		[stop, text, "stop"],
		[length, text, "length"],
		[toolUse, [...text, call], "toolUse"],
	] as const) {
		add(`stop reason: ${raw} → ${expected}, the raw value kept`, async () => {
			const { message } = await playScript(target, { blocks: [...blocks], stop: raw });
			assert.equal(message.stopReason, expected);
			assert.equal(message.rawStopReason, raw);
			assert.deepEqual(neutralContent(message.content), expectedContent(target, [...blocks]));
		});
	}
	add(`stop reason: an unknown value (${unknown}) ends normally, the raw value kept`, async () => {
		const { events, message } = await playScript(target, { blocks: text, stop: unknown });
		assert.equal(events.at(-1)?.type, "done");
		assert.equal(message.rawStopReason, unknown);
		assert.deepEqual(neutralContent(message.content), expectedContent(target, text));
	});

	return cases;
}
