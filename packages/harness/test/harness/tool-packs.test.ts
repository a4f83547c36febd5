import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AgentTool, ToolPack } from "@kestrel/agent-core";
import { Type } from "typebox";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { HarnessError, SessionManager } from "../../src/index.js";
import { harnessFor, scriptedModel } from "./support/scripted.js";

let dir: string;
beforeEach(async () => {
	dir = await mkdtemp(join(tmpdir(), "kestrel-packs-"));
});
afterEach(async () => {
	await rm(dir, { recursive: true, force: true });
});

function tool(name: string, execute?: () => void): AgentTool {
	return {
		name,
		description: `The ${name} tool.`,
		parameters: Type.Object({}),
		execute: async () => {
			execute?.();
			return { content: [{ type: "text", text: `${name} done` }], details: {} };
		},
	};
}

/** A pack whose guidelines name each active tool, and whose tools can change (with a notification). */
function fakePack(name: string, toolNames: string[], extra: Partial<ToolPack> = {}) {
	let tools = toolNames.map((toolName) => tool(toolName));
	const listeners = new Set<() => void>();
	let closed = 0;
	const pack: ToolPack = {
		name,
		tools: () => tools,
		guidelines: (active) => active.map((t) => `Use ${t.name} for ${name} work.`),
		onToolsChanged: (listener) => {
			listeners.add(listener);
			return () => listeners.delete(listener);
		},
		close: async () => {
			closed += 1;
		},
		...extra,
	};
	return {
		pack,
		closed: () => closed,
		setTools(next: AgentTool[]) {
			tools = next;
			for (const listener of listeners) listener();
		},
	};
}

const textAnswer = () => scriptedModel({ agent: () => ({ content: [{ type: "text", text: "ok" }] }) });

/** A harness with the default system prompt (tools and guidelines), on a session in `dir`. */
async function packHarness(
	scripted: ReturnType<typeof textAnswer>,
	options: Parameters<typeof harnessFor>[1] = {},
) {
	return harnessFor(scripted, {
		session: await SessionManager.inMemory({ cwd: dir }).create(),
		systemPrompt: undefined,
		...options,
	});
}

describe("tool packs in the harness", () => {
	it("puts only the active tools and their packs' guidelines into the system prompt", async () => {
		const files = fakePack("files", ["read", "write", "edit"]);
		const shell = fakePack("shell", ["bash"]);
		const scripted = textAnswer();
		const { harness } = await packHarness(scripted, {
			toolPacks: [files.pack, shell.pack],
			activeTools: ["read"],
		});
		await harness.prompt("Look around.");

		const request = scripted.agentRequests()[0]!;
		const prompt = request.context.systemPrompt ?? "";
		expect(request.context.tools?.map((t) => t.name)).toEqual(["read"]);
		expect(prompt).toContain("- read: The read tool.");
		expect(prompt).toContain("Use read for files work.");
		for (const absent of ["write", "edit", "bash"]) {
			expect(prompt).not.toContain(`Use ${absent}`);
			expect(prompt).not.toContain(`- ${absent}:`);
		}
	});

	it("selects by pack name and prefix, and keeps the fixed guidelines", async () => {
		const files = fakePack("files", ["read", "write"]);
		const mcp = fakePack("mcp", ["mcp__github__issues", "mcp__jira__tickets"]);
		const scripted = textAnswer();
		const { harness } = await packHarness(scripted, {
			toolPacks: [files.pack, mcp.pack],
			activeTools: ["files", "mcp__github__*"],
			guidelines: ["Always answer in haiku."],
		});
		await harness.prompt("Hi.");
		const request = scripted.agentRequests()[0]!;
		expect(request.context.tools?.map((t) => t.name)).toEqual(["read", "write", "mcp__github__issues"]);
		expect(request.context.systemPrompt).toContain("Always answer in haiku.");
		expect(request.context.systemPrompt).toContain("Use mcp__github__issues for mcp work.");
		expect(request.context.systemPrompt).not.toContain("jira");
	});

	it("shows a change of a pack's tools on the next turn of the same prompt", async () => {
		const files = fakePack("files", ["read"]);
		const dynamic = fakePack("dynamic", ["probe"]);
		dynamic.pack.tools = () => current;
		let current = [tool("probe", () => dynamic.setTools([tool("probe"), tool("found")]))];
		dynamic.setTools = (next) => {
			current = next;
		};
		const scripted = scriptedModel({
			agent: (_request, index) =>
				index === 0
					? { content: [{ type: "toolCall", name: "probe", arguments: {} }] }
					: { content: [{ type: "text", text: "done" }] },
		});
		const { harness } = await packHarness(scripted, {
			toolPacks: [files.pack, dynamic.pack],
			activeTools: ["read", "dynamic"],
		});
		await harness.prompt("Probe.");

		const [first, second] = scripted.agentRequests();
		expect(first?.context.tools?.map((t) => t.name)).toEqual(["read", "probe"]);
		expect(first?.context.systemPrompt).not.toContain("found");
		expect(second?.context.tools?.map((t) => t.name)).toEqual(["read", "probe", "found"]);
		expect(second?.context.systemPrompt).toContain("Use found for dynamic work.");
		expect(second?.context.systemPrompt).toContain("- found: The found tool.");
	});

	it("reports failed packs, name conflicts and active names that match nothing, with the valid names", async () => {
		const broken = fakePack("broken", ["fly"], {
			start: async () => {
				throw new Error("no server");
			},
		});
		const files = fakePack("files", ["read", "bash"]);
		const shell = fakePack("shell", ["bash"]);
		const scripted = textAnswer();
		const { harness } = await packHarness(scripted, {
			toolPacks: [broken.pack, files.pack, shell.pack],
			activeTools: ["read", "wirte", "shell"],
		});
		const reports = await harness.start();
		expect(reports).toEqual([
			expect.objectContaining({
				kind: "start_failed",
				pack: "broken",
				message: expect.stringContaining("no server"),
			}),
			expect.objectContaining({ kind: "conflict", pack: "shell", tool: "bash" }),
			expect.objectContaining({
				kind: "unknown_name",
				name: "wirte",
				valid: ["broken", "files", "shell", "read", "bash"],
			}),
		]);
		expect(reports.at(-1)?.message).toContain("Valid names: broken, files, shell, read, bash");
		// `shell` selects no tool (its only one lost the conflict), but names a pack: not reported.
		expect(harness.activeTools().map((t) => t.name)).toEqual(["read"]);
		expect(harness.setActiveTools(["files", "nope*"])).toEqual([
			expect.objectContaining({ kind: "unknown_name", name: "nope*" }),
		]);
		await harness.prompt("Go.");
		expect(scripted.agentRequests()[0]?.context.tools?.map((t) => t.name)).toEqual(["read", "bash"]);
	});

	it("starts the packs with the first prompt when the app did not, and waits for them", async () => {
		let finishStart!: () => void;
		const started = new Promise<void>((resolve) => {
			finishStart = resolve;
		});
		let ready = false;
		const slow = fakePack("slow", ["late"]);
		const baseTools = slow.pack.tools;
		slow.pack.tools = () => (ready ? baseTools() : []);
		slow.pack.start = async () => {
			await started;
			ready = true;
		};
		const scripted = textAnswer();
		const { harness } = await packHarness(scripted, { toolPacks: [slow.pack] });
		const run = harness.prompt("Go.");
		// The prompt waits for the start: no request yet.
		await Promise.resolve();
		expect(scripted.agentRequests()).toHaveLength(0);
		finishStart();
		await run;
		expect(scripted.agentRequests()[0]?.context.tools?.map((t) => t.name)).toEqual(["late"]);
	});

	it("keeps plain tools first, selectable by tool name, beside the packs", async () => {
		const files = fakePack("files", ["read", "probe"]);
		const scripted = textAnswer();
		const { harness } = await packHarness(scripted, {
			tools: [tool("probe"), tool("clock")],
			toolPacks: [files.pack],
			activeTools: ["probe", "clock", "files"],
		});
		const reports = await harness.start();
		expect(reports).toEqual([expect.objectContaining({ kind: "conflict", pack: "files", tool: "probe" })]);
		await harness.prompt("Go.");
		const request = scripted.agentRequests()[0]!;
		expect(request.context.tools?.map((t) => t.name)).toEqual(["probe", "clock", "read"]);
		expect(request.context.tools?.[0]?.description).toBe("The probe tool.");
		// The plain `probe` has no pack: no guideline names it; `read` of files does.
		expect(request.context.systemPrompt).not.toContain("Use probe");
		expect(request.context.systemPrompt).toContain("Use read for files work.");
	});
});

describe("disposing the harness", () => {
	it("closes every pack, also one that failed to start, and refuses runs afterwards", async () => {
		const good = fakePack("good", ["a"]);
		const bad = fakePack("bad", ["b"], {
			start: async () => {
				throw new Error("broken");
			},
		});
		const { harness } = await packHarness(textAnswer(), { toolPacks: [good.pack, bad.pack] });
		await harness.start();
		expect(await harness.dispose()).toEqual([]);
		expect(good.closed()).toBe(1);
		expect(bad.closed()).toBe(1);
		await expect(harness.prompt("Hi.")).rejects.toBeInstanceOf(HarnessError);
		await expect(harness.prompt("Hi.")).rejects.toMatchObject({ code: "disposed" });
		// Disposing again changes nothing.
		await harness.dispose();
		expect(good.closed()).toBe(1);
	});

	it("closes packs that never started, and stops a start still running", async () => {
		const idle = fakePack("idle", ["a"]);
		let startSignal: AbortSignal | undefined;
		const hanging = fakePack("hanging", ["b"], {
			start: (signal) => {
				startSignal = signal;
				return new Promise<void>(() => {});
			},
		});
		const never = await packHarness(textAnswer(), { toolPacks: [idle.pack] });
		await never.harness.dispose();
		expect(idle.closed()).toBe(1);

		const starting = await packHarness(textAnswer(), { toolPacks: [hanging.pack] });
		const reports = starting.harness.start();
		await starting.harness.dispose();
		expect(startSignal?.aborted).toBe(true);
		expect(hanging.closed()).toBe(1);
		expect(await reports).toEqual([expect.objectContaining({ kind: "start_failed", pack: "hanging" })]);
	});

	it("aborts a prompt waiting for the packs and reports a failing close", async () => {
		const hanging = fakePack("hanging", ["b"], {
			start: () => new Promise<void>(() => {}),
			close: async () => {
				throw new Error("port still bound");
			},
		});
		const scripted = textAnswer();
		const { harness } = await packHarness(scripted, { toolPacks: [hanging.pack] });
		const run = harness.prompt("Go.");
		const failures = await harness.dispose();
		expect(await run).toEqual({ kind: "aborted" });
		expect(failures).toEqual([{ pack: "hanging", message: "port still bound" }]);
		expect(scripted.agentRequests()).toHaveLength(0);
	});
});
