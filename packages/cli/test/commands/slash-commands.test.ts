import { describe, expect, it } from "vitest";
import { runPackCommand } from "../../src/interactive/commands/run-pack-command.js";
import { resumePicker, runSlashCommand } from "../../src/interactive/commands/run-slash-command.js";
import { fakeHost, fakeOperations, fakePackCommand } from "./support/fake-host.js";

describe("slash commands through a CommandHost", () => {
	it("/model with a spec switches through the host's operations and says so", async () => {
		const operations = fakeOperations();
		const { host, notices } = fakeHost(operations);
		await runSlashCommand(host, "model", "wire/claude-big");
		expect(operations.setModel).toHaveBeenCalledWith("wire/claude-big");
		expect(operations.model().id).toBe("claude-big");
		expect(notices).toEqual(["Model: wire/claude-big"]);
	});

	it("/model without a spec opens a picker on the current model and switches to the choice", async () => {
		const operations = fakeOperations();
		const { host, pickers, notices } = fakeHost(operations, { working: true, answers: ["wire/claude-big"] });
		await runSlashCommand(host, "model", "");
		expect(pickers[0]?.options.map((option) => [option.label, option.hint])).toEqual([
			["wire/claude-wire", ""],
			["wire/claude-big", "no key"],
		]);
		expect(pickers[0]?.selected).toBe(0);
		expect(operations.setModel).toHaveBeenCalledWith("wire/claude-big");
		expect(notices).toEqual(["Model: wire/claude-big (from the next request)"]);
	});

	it("/thinking reports a level the model clamps", async () => {
		const operations = fakeOperations();
		const { host, notices } = fakeHost(operations);
		await runSlashCommand(host, "thinking", "xhigh");
		expect(notices).toEqual(["Thinking: high (the model does not offer xhigh)"]);
		await expect(runSlashCommand(host, "thinking", "loud")).rejects.toThrow(/Unknown thinking level "loud"/);
	});

	it("refuses commands that change the session while the host is working, and runs them when idle", async () => {
		const operations = fakeOperations();
		for (const name of ["compact", "new", "resume", "tree", "fork"] as const) {
			await expect(runSlashCommand(fakeHost(operations, { working: true }).host, name, "")).rejects.toThrow(
				`/${name} works while the agent is idle`,
			);
		}
		expect(operations.compact).not.toHaveBeenCalled();
		expect(operations.newSession).not.toHaveBeenCalled();
		const { host, notices } = fakeHost(operations);
		await runSlashCommand(host, "compact", "keep the names");
		expect(operations.compact).toHaveBeenCalledWith("keep the names");
		await runSlashCommand(host, "new", "");
		expect(notices).toEqual(["── New session /sessions/new.jsonl ──"]);
	});

	it("/resume offers the other sessions, newest first, and shows the chosen one's history", async () => {
		const operations = fakeOperations();
		const { host, pickers, notices, state } = fakeHost(operations, { answers: ["/sessions/two.jsonl"] });
		await resumePicker(host);
		expect(pickers[0]?.options.map((option) => option.value)).toEqual(["/sessions/two.jsonl"]);
		expect(operations.switchSession).toHaveBeenCalledWith("/sessions/two.jsonl");
		expect(notices).toEqual(["── Resumed /sessions/two.jsonl ──"]);
		expect(state.history).toEqual([undefined]);
	});

	it("/session words the host's stats, /export writes through the host, /quit quits", async () => {
		const operations = fakeOperations();
		const { host, notices, state } = fakeHost(operations);
		await runSlashCommand(host, "session", "");
		expect(notices[0]).toContain("messages: 2 user, 2 assistant, 3 tool calls; 4 entries");
		expect(notices[0]).toContain("context: 50.0k of 100.0k (50%)");
		await runSlashCommand(host, "export", "out.html");
		expect(operations.exportHtml).toHaveBeenCalledWith("out.html");
		expect(notices[1]).toBe("Exported the session to out.html");
		await runSlashCommand(host, "quit", "");
		expect(state.quit).toBe(true);
	});

	it("/help lists the built-in commands and the packs' commands, without a refused one", async () => {
		const operations = fakeOperations([
			fakePackCommand("mcp", { show: "2 servers" }),
			fakePackCommand("model", { show: "a clash" }),
		]);
		const { host, notices } = fakeHost(operations);
		await runSlashCommand(host, "help", "");
		const lines = (notices[0] ?? "").split("\n").map((line) => line.trim());
		expect(lines).toContain("Tool pack commands:");
		expect(lines).toContain("/mcp [what] — the mcp command");
		expect(lines.filter((line) => line.startsWith("/model"))).toHaveLength(1);
		expect(lines).not.toContain("/model [what] — the model command");
	});
});

describe("pack commands through a CommandHost", () => {
	it("shows a show result as a notice, as the host's task, with the arguments", async () => {
		const calls: string[] = [];
		const operations = fakeOperations([fakePackCommand("mcp", { show: "2 servers ready" }, calls)]);
		const { host, notices, prompts, state } = fakeHost(operations);
		await runPackCommand(host, "mcp", "docs");
		expect(calls).toEqual(["docs"]);
		expect(state.tasks).toEqual(["/mcp"]);
		expect(notices).toEqual(["2 servers ready: docs"]);
		expect(prompts).toEqual([]);
	});

	it("sends a prompt result to the model as the user's prompt", async () => {
		const operations = fakeOperations([fakePackCommand("mcp__docs__review", { prompt: "Review the file" })]);
		const { host, notices, prompts } = fakeHost(operations);
		await runPackCommand(host, "mcp__docs__review", "src/a.ts");
		expect(prompts).toEqual([[{ type: "text", text: "Review the file src/a.ts" }]]);
		expect(notices).toEqual([]);
	});
});
