import type { ToolPackCommand } from "@kestrel/agent-core";
import type { HarnessEvent } from "@kestrel/harness";
import { describe, expect, it, vi } from "vitest";
import type { CliApp } from "../../src/app/cli-app.js";
import { keyPress } from "../../src/interactive/input/key-press.js";
import { InteractiveController } from "../../src/interactive/interactive-controller.js";
import { fakePackCommand } from "../commands/support/fake-host.js";

/** The parts of `CliApp` the controller reads, with tool packs that offer `commands`. */
function fakeApp(commands: ToolPackCommand[], { running = false } = {}) {
	const harness = {
		subscribe: (_listener: (event: HarnessEvent) => void) => () => {},
		model: { provider: "wire", id: "claude-wire" },
		thinkingLevel: "off",
		running,
		prompt: vi.fn(async () => ({})),
		steer: vi.fn(),
		toolPacks: { commands: () => commands },
	};
	const app = {
		cwd: "/nonexistent",
		harness,
		approvals: {},
		stats: () => ({ contextTokens: 0, contextWindow: 200_000, tokens: { total: 0 }, cost: 0 }),
		describeRunError: (outcome: { message: string }) => outcome.message,
	};
	return { harness, cliApp: app as unknown as CliApp };
}

const texts = (controller: InteractiveController, kind: string) =>
	controller.store
		.getState()
		.items.flatMap((item) => (item.kind === kind && "text" in item ? [item.text] : []));

describe("the interactive controller and tool pack commands", () => {
	it("runs a pack command that shows text as a notice, with its arguments", async () => {
		const calls: string[] = [];
		const { cliApp, harness } = fakeApp([fakePackCommand("mcp", { show: "docs: ready" }, calls)]);
		const controller = new InteractiveController(cliApp);
		controller.start();
		await controller.submit("/mcp  docs ");
		expect(calls).toEqual(["docs"]);
		expect(texts(controller, "notice")).toEqual(["docs: ready: docs"]);
		expect(harness.prompt).not.toHaveBeenCalled();
		expect(controller.working).toBe(false);
		controller.dispose();
	});

	it("sends a prompt result to the harness as the user's message, and steers it into a run", async () => {
		const command = fakePackCommand("mcp__docs__review", { prompt: "Review" });
		const idle = fakeApp([command]);
		const controller = new InteractiveController(idle.cliApp);
		controller.start();
		await controller.submit("/mcp__docs__review src/a.ts");
		expect(idle.harness.prompt).toHaveBeenCalledWith(
			expect.objectContaining({ role: "user", content: [{ type: "text", text: "Review src/a.ts" }] }),
		);
		controller.dispose();

		const busy = fakeApp([command], { running: true });
		const steering = new InteractiveController(busy.cliApp);
		steering.start();
		await steering.submit("/mcp__docs__review b.ts");
		expect(busy.harness.prompt).not.toHaveBeenCalled();
		expect(busy.harness.steer).toHaveBeenCalledWith(
			expect.objectContaining({ role: "user", content: [{ type: "text", text: "Review b.ts" }] }),
		);
		steering.dispose();
	});

	it("keeps the built-in command on a name clash and reports the pack's command once", async () => {
		const calls: string[] = [];
		const { cliApp } = fakeApp([fakePackCommand("help", { show: "the pack's help" }, calls)]);
		const controller = new InteractiveController(cliApp);
		controller.start();
		await controller.submit("/help");
		await controller.submit("/help");
		expect(calls).toEqual([]);
		expect(texts(controller, "notice")).toHaveLength(2);
		expect(texts(controller, "notice")[0]).toContain("/quit — leave kestrel");
		expect(texts(controller, "error")).toEqual([expect.stringContaining("/help is a built-in command")]);
		controller.dispose();
	});

	it("Esc stops a pack command that is still running", async () => {
		let seen: AbortSignal | undefined;
		const slow: ToolPackCommand = {
			name: "slow",
			description: "waits for Esc",
			run: (_args, signal) =>
				new Promise((_resolve, reject) => {
					seen = signal;
					signal.addEventListener("abort", () => reject(new Error("stopped by Esc")), { once: true });
				}),
		};
		const { cliApp } = fakeApp([slow]);
		const controller = new InteractiveController(cliApp);
		controller.start();
		const done = controller.submit("/slow");
		await vi.waitFor(() => expect(seen).toBeDefined());
		expect(controller.working).toBe(true);
		controller.handleKey("", keyPress({ escape: true }));
		await done;
		expect(seen?.aborted).toBe(true);
		expect(controller.working).toBe(false);
		expect(texts(controller, "error")).toEqual(["stopped by Esc"]);
		controller.dispose();
	});

	it("offers pack commands in the / menu with their descriptions; Enter runs the selected one", async () => {
		const calls: string[] = [];
		const { cliApp } = fakeApp([fakePackCommand("mcp", { show: "servers" }, calls)]);
		const controller = new InteractiveController(cliApp);
		controller.start();
		for (const key of "/mc") controller.handleKey(key, keyPress());
		const menu = controller.store.getState().menu;
		expect(menu?.items.map((command) => command.name)).toEqual(["mcp"]);
		expect(menu?.items[0]).toEqual({ name: "mcp", usage: "[what]", description: "the mcp command" });
		controller.handleKey("", keyPress({ return: true }));
		await vi.waitFor(() => expect(calls).toEqual([""]));
		expect(controller.store.getState().menu).toBeUndefined();
		expect(controller.store.getState().editor.text).toBe("");
		controller.dispose();
	});

	it("Tab completes built-in and pack command names, and lists them when several fit", () => {
		const { cliApp } = fakeApp([
			fakePackCommand("mcp", { show: "" }),
			fakePackCommand("mcp__docs__review", { prompt: "" }),
		]);
		const controller = new InteractiveController(cliApp);
		controller.start();
		controller.setEditorText("/m");
		controller.handleKey("", keyPress({ tab: true }));
		expect(controller.store.getState().editor.text).toBe("/m");
		expect(controller.store.getState().hint).toBe("/mcp  /mcp__docs__review  /model");
		controller.setEditorText("/mcp_");
		controller.handleKey("", keyPress({ tab: true }));
		expect(controller.store.getState().editor.text).toBe("/mcp__docs__review ");
		expect(controller.store.getState().hint).toBeUndefined();
		controller.dispose();
	});
});
