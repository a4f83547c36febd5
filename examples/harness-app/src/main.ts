/**
 * A support-desk app that embeds `@kestrel/harness` without the CLI: its own tool, its
 * own session folder, its own compaction and retry settings, and a listener that shows
 * what the harness does. It runs against the scripted provider of `@kestrel/ai/testing`
 * (no key, no network); `--check` makes it exit non-zero unless everything went as
 * scripted.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ProviderRegistry } from "@kestrel/ai";
import { createFauxProvider, type FauxReply, fauxText, fauxToolCall } from "@kestrel/ai/testing";
import { AgentHarness, type HarnessEvent, SessionManager } from "@kestrel/harness";
import { createOrderLookupTool } from "./order-tools.js";

const check = process.argv.includes("--check");
const sessionDir = await mkdtemp(join(tmpdir(), "support-sessions-"));

// The scripted model: four lookups (the third request is refused once as overloaded),
// an answer; summaries for compaction; then a second conversation turn after a restart.
const faux = createFauxProvider({ deltaSize: 16 });
const registry = new ProviderRegistry();
registry.register(faux.provider);
const model = faux.model({ contextWindow: 16_000 });
const isSummary = (systemPrompt: string | undefined) => /summar/i.test(systemPrompt ?? "");
const agentReplies: FauxReply[] = [
	{ content: [fauxText("Let me look at your orders."), fauxToolCall("lookup_order", { orderId: "A-1001" })] },
	{ content: [fauxToolCall("lookup_order", { orderId: "A-1002" })] },
	{ content: [], error: { kind: "overloaded", message: "529 Overloaded" } },
	{ content: [fauxToolCall("lookup_order", { orderId: "A-1003" })] },
	{ content: [fauxToolCall("lookup_order", { orderId: "A-1004" })] },
	{ content: [fauxText("All four orders were delivered.")] },
	{ content: [fauxText("A-1003 was delivered from depot 5, as I noted earlier.")] },
];
const streamFn: typeof registry.stream = (target, context, options) => {
	faux.enqueue(
		isSummary(context.systemPrompt)
			? {
					content: [
						fauxText("## Goal\nCheck the customer's orders.\n\n## Progress\n### Done\n- looked up orders"),
					],
				}
			: (agentReplies.shift() ?? {
					content: [],
					error: { kind: "invalid_request", message: "script ended" },
				}),
	);
	return registry.stream(target, context, options);
};

const seen: string[] = [];
function show(event: HarnessEvent): void {
	switch (event.type) {
		case "tool_execution_start":
			print(`  → ${event.toolName} ${JSON.stringify(event.args)}`);
			break;
		case "message_end":
			if (event.message.role === "assistant" && event.message.stopReason === "stop") {
				const block = event.message.content[0];
				print(`assistant: ${block?.type === "text" ? block.text : ""}`);
			}
			break;
		case "retry_start":
			print(`  ↻ ${event.errorMessage}: retry ${event.attempt}/${event.maxAttempts} in ${event.delayMs} ms`);
			break;
		case "compaction_start":
			print(`  ⇣ compacting (${event.reason}): ${event.tokens} of ${event.contextWindow} tokens`);
			break;
		case "compaction_end":
			print(`  ⇡ compacted by ${event.method}: ${event.tokensBefore} → ${event.tokensAfter} tokens`);
			break;
	}
	seen.push(event.type);
}

function print(line: string): void {
	if (!check) process.stdout.write(`${line}\n`);
}

function createHarness(session: Awaited<ReturnType<SessionManager["create"]>>): AgentHarness {
	const harness = new AgentHarness({
		session,
		model,
		streamFn,
		tools: [createOrderLookupTool()],
		systemPrompt: "You are the support agent of an online shop. Look orders up before you answer.",
		compaction: { threshold: 0.6, keepRecentTokens: 1_500, reserveTokens: 2_000 },
		retry: { baseDelayMs: 10, maxAttempts: 3 },
	});
	harness.subscribe(show);
	return harness;
}

// First visit: the customer asks; the harness persists, retries and compacts on its own.
const manager = new SessionManager({ dir: sessionDir, cwd: process.cwd() });
const session = await manager.create({ name: "customer 42" });
const first = await createHarness(session).prompt("Were my orders A-1001 to A-1004 delivered?");
await session.close();

// The app restarts: it continues the most recent session, and the model still knows.
const resumed = await manager.continueRecent();
const second = await createHarness(resumed).prompt("Which depot did A-1003 come from?");
const context = resumed.buildContext();
await resumed.close();

print(
	`[${first.kind}, then ${second.kind}; session ${resumed.path} holds ${resumed.getEntries().length} entries]`,
);

if (check) {
	const failures: string[] = [];
	if (first.kind !== "completed" || second.kind !== "completed")
		failures.push("both prompts should complete");
	if (resumed.id !== session.id) failures.push("continueRecent should reopen the same session");
	if (!seen.includes("retry_start") || !seen.includes("retry_end"))
		failures.push("the overloaded error should be retried");
	if (seen.filter((type) => type === "compaction_end").length < 1)
		failures.push("the session should have compacted");
	if (context.messages[0]?.role !== "compactionSummary")
		failures.push("the context should start with the summary");
	if (agentReplies.length !== 0) failures.push(`${agentReplies.length} scripted replies were not used`);
	await rm(sessionDir, { recursive: true, force: true });
	if (failures.length > 0) {
		process.stderr.write(`harness-app check failed:\n- ${failures.join("\n- ")}\n`);
		process.exit(1);
	}
	process.stdout.write("harness-app: ok\n");
} else {
	await rm(sessionDir, { recursive: true, force: true });
}
