import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createAnthropicMessagesProvider, type Model, ProviderRegistry } from "@kestrel/ai";
import {
	anthropicErrorResponse,
	encodeAnthropicStream,
	startWireServer,
	type WireScript,
	type WireServer,
} from "@kestrel/ai/testing";
import { createFsTools } from "@kestrel/tools-fs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { AgentHarness, SessionManager } from "../../src/index.js";
import { ofType, recordEvents } from "./support/scripted.js";

let agentServer: WireServer;
let summaryServer: WireServer;
let workspace: string;

beforeEach(async () => {
	agentServer = await startWireServer();
	summaryServer = await startWireServer();
	workspace = await mkdtemp(join(tmpdir(), "kestrel-harness-e2e-"));
});
afterEach(async () => {
	await agentServer.close();
	await summaryServer.close();
	await rm(workspace, { recursive: true, force: true });
});

function claude(url: string, contextWindow: number): Model<"anthropic-messages"> {
	return {
		id: "claude-wire-test",
		name: "Claude (wire test)",
		api: "anthropic-messages",
		provider: "anthropic",
		baseUrl: url,
		reasoning: false,
		input: ["text"],
		cost: { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 },
		contextWindow,
		maxTokens: 1_000,
	};
}

let callCounter = 0;
function call(name: string, args: Record<string, unknown>): WireScript {
	callCounter += 1;
	return {
		blocks: [{ type: "toolCall", id: `toolu_${callCounter}`, name, arguments: args, deltaSize: 9 }],
		usage: { input: 0, output: 0 },
	};
}

function say(text: string): WireScript {
	return { blocks: [{ type: "text", text, deltaSize: 5 }], usage: { input: 0, output: 0 } };
}

function serve(server: WireServer, ...scripts: WireScript[]): void {
	server.enqueue(...scripts.map((script) => ({ body: encodeAnthropicStream(script), chunking: 13 })));
}

describe("the harness with the file tools, the real Anthropic SDK and the loopback server", () => {
	it("edits files over two prompts, compacts midway, and finishes", async () => {
		for (const name of ["a", "b", "c"]) {
			await writeFile(
				join(workspace, `${name}.txt`),
				`${name.toUpperCase()} notes\n${`${name} line\n`.repeat(1400)}`,
			);
		}
		serve(
			agentServer,
			call("read", { path: "a.txt" }),
			call("read", { path: "b.txt" }),
			call("read", { path: "c.txt" }),
			call("write", { path: "combined.md", content: "# Combnied notes\n\nA, B and C.\n" }),
			call("edit", { path: "combined.md", edits: [{ oldText: "Combnied", newText: "Combined" }] }),
			say("combined.md is written and its title fixed."),
			call("edit", {
				path: "combined.md",
				edits: [{ oldText: "A, B and C.\n", newText: "A, B and C.\n\nThe end.\n" }],
			}),
			say("Added the closing line."),
		);
		for (let index = 0; index < 4; index += 1) {
			serve(
				summaryServer,
				say(`## Goal\nCombine the notes.\n\n## Progress\n### Done\n- read the files (${index})`),
			);
		}
		const registry = new ProviderRegistry();
		registry.register(createAnthropicMessagesProvider());
		const streamFn = registry.stream.bind(registry);
		const sessionDir = join(workspace, ".sessions");
		const manager = new SessionManager({ dir: sessionDir, cwd: workspace });
		const session = await manager.create();
		const tools = createFsTools(workspace);
		const harness = new AgentHarness({
			session,
			model: claude(agentServer.url, 12_000),
			streamFn,
			getApiKey: () => "sk-ant-test",
			tools: Object.values(tools),
			systemPrompt: "You are a careful editor.",
			compaction: { threshold: 0.5, reserveTokens: 500, keepRecentTokens: 400 },
			summarizer: { model: claude(summaryServer.url, 12_000), streamFn, getApiKey: () => "sk-ant-test" },
		});
		const events = recordEvents((listener) => harness.subscribe(listener));

		expect(await harness.prompt("Read a.txt, b.txt and c.txt, write combined.md and fix its title.")).toEqual(
			{
				kind: "completed",
			},
		);
		expect(await harness.prompt("Append a closing line.")).toEqual({ kind: "completed" });

		expect(await readFile(join(workspace, "combined.md"), "utf8")).toBe(
			"# Combined notes\n\nA, B and C.\n\nThe end.\n",
		);
		const compactions = ofType(events, "compaction_end");
		expect(compactions.length).toBeGreaterThanOrEqual(1);
		expect(compactions[0]).toMatchObject({ reason: "threshold", ok: true, method: "summary" });
		expect(summaryServer.requests.length).toBeGreaterThanOrEqual(1);
		expect(agentServer.requests).toHaveLength(8);
		// After the first compaction the agent's requests start with the summary; the first ones do not.
		const firstMessages = agentServer.requests.map((request) =>
			JSON.stringify((request.body as { messages: { content: unknown }[] }).messages[0]!.content),
		);
		expect(firstMessages[0]).not.toContain("<summary>");
		expect(firstMessages.at(-1)).toContain("<summary>");
		for (const request of agentServer.requests) {
			expect(JSON.stringify(request.body)).not.toContain("sk-ant-test");
		}
		await session.close();

		// The file on disk holds the compaction and reopens to the same context.
		const reopened = await manager.open(session.path!, { readOnly: true });
		expect(reopened.issues).toEqual([]);
		expect(reopened.getBranch().some((entry) => entry.type === "compaction")).toBe(true);
		expect(reopened.buildContext().messages[0]!.role).toBe("compactionSummary");
		expect(await readFile(session.path!, "utf8")).not.toContain("sk-ant-test");
		await reopened.close();
	});

	it("retries a 429 with retry-after, a 529 and a dropped connection, then answers", async () => {
		agentServer.enqueue(
			anthropicErrorResponse(429, { headers: { "retry-after-ms": "30" } }),
			anthropicErrorResponse(529),
			{ body: encodeAnthropicStream(say("never finished")), stallAfterBytes: 40, dropAfterStall: true },
			{ body: encodeAnthropicStream(say("Hello after three retries.")), chunking: 7 },
		);
		const registry = new ProviderRegistry();
		registry.register(createAnthropicMessagesProvider());
		const session = await SessionManager.inMemory({ cwd: workspace }).create();
		const harness = new AgentHarness({
			session,
			model: claude(agentServer.url, 200_000),
			streamFn: registry.stream.bind(registry),
			getApiKey: () => "sk-ant-test",
			systemPrompt: "Be brief.",
			retry: { baseDelayMs: 1, maxDelayMs: 5 },
		});
		const events = recordEvents((listener) => harness.subscribe(listener));
		const outcome = await harness.prompt("Hello?");
		expect(outcome).toEqual({ kind: "completed" });
		const starts = ofType(events, "retry_start");
		expect(starts.map((event) => event.error.kind)).toEqual(["rate_limit", "overloaded", "network"]);
		expect(starts[0]!.delayMs).toBeGreaterThanOrEqual(30);
		expect(ofType(events, "retry_end")).toMatchObject([{ attempt: 3, success: true }]);
		// Every request carried only the prompt: failed attempts are not sent back.
		for (const request of agentServer.requests) {
			expect((request.body as { messages: unknown[] }).messages).toHaveLength(1);
		}
	});
});
