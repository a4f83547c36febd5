import { describe, expect, it, vi } from "vitest";
import type { CliApp } from "../../src/app/cli-app.js";
import { runSlashCommand } from "../../src/interactive/commands/run-slash-command.js";
import { parseCommand } from "../../src/modes/rpc/parse-command.js";
import type { RpcApprover } from "../../src/modes/rpc/rpc-approver.js";
import type { RpcCommandOf, RpcCommandType } from "../../src/modes/rpc/rpc-command-schema.js";
import { createRpcHandlers, type HandlerResult } from "../../src/modes/rpc/rpc-handlers.js";
import { fakeHost, fakeOperations, fakePackCommand } from "../commands/support/fake-host.js";

/** RPC handlers over fake operations and a hand-driven harness. */
function handlersFor(operations: ReturnType<typeof fakeOperations>, { running = false } = {}) {
	const harness = {
		running,
		prompt: vi.fn(async () => ({})),
		steer: vi.fn(),
		abort: vi.fn(),
		clearQueues: vi.fn(() => ({ steering: [], followUp: [] })),
		waitForIdle: async () => {},
		state: () => ({ steering: [], followUp: [] }),
	};
	const app = { harness, cwd: "/work" } as unknown as CliApp;
	const handlers = createRpcHandlers({
		app,
		operations,
		approver: {} as RpcApprover,
		writeError: vi.fn(),
	});
	const call = <Name extends RpcCommandType>(command: RpcCommandOf<Name>): Promise<HandlerResult> => {
		const handler = handlers[command.type] as (
			command: RpcCommandOf<Name>,
		) => HandlerResult | Promise<HandlerResult>;
		return Promise.resolve(handler(command));
	};
	return { harness, call };
}

describe("rpc pack commands", () => {
	it("parses pack_command and get_pack_commands", () => {
		expect(parseCommand('{"type":"pack_command","name":"mcp","args":"docs"}', "rpc.md")).toMatchObject({
			ok: true,
			command: { type: "pack_command", name: "mcp", args: "docs" },
		});
		expect(parseCommand('{"type":"pack_command"}', "rpc.md")).toMatchObject({
			ok: false,
			error: { code: "invalid_params", field: "name" },
		});
		expect(parseCommand('{"id":2,"type":"get_pack_commands"}', "rpc.md")).toMatchObject({ ok: true, id: 2 });
	});

	it("lists the offered commands and the refused ones", async () => {
		const operations = fakeOperations([
			fakePackCommand("mcp", { show: "" }),
			fakePackCommand("new", { show: "" }),
			{ name: "plain", description: "no hint", run: async () => ({ kind: "show", text: "" }) },
		]);
		const { call } = handlersFor(operations);
		const { data } = await call({ type: "get_pack_commands" });
		expect(data).toEqual({
			commands: [
				{ name: "mcp", description: "the mcp command", argumentHint: "[what]" },
				{ name: "plain", description: "no hint", argumentHint: null },
			],
			refused: [{ name: "new", reason: expect.stringContaining("/new is a built-in command") }],
		});
	});

	it("answers a show result with its text, and a name no pack offers with not_found", async () => {
		const calls: string[] = [];
		const { call } = handlersFor(fakeOperations([fakePackCommand("mcp", { show: "2 servers" }, calls)]));
		expect((await call({ type: "pack_command", name: "mcp", args: "docs" })).data).toEqual({
			kind: "show",
			text: "2 servers: docs",
		});
		expect((await call({ type: "pack_command", name: "mcp" })).data).toEqual({
			kind: "show",
			text: "2 servers",
		});
		expect(calls).toEqual(["docs", ""]);
		await expect(call({ type: "pack_command", name: "nope" })).rejects.toMatchObject({
			code: "not_found",
			message: expect.stringContaining("get_pack_commands lists them: mcp"),
		});
	});

	it("starts a run with a prompt result after the response, or steers it into a run in progress", async () => {
		const command = fakePackCommand("review", { prompt: "Review" });
		const idle = handlersFor(fakeOperations([command]));
		const result = await idle.call({ type: "pack_command", name: "review", args: "a.ts" });
		const content = [{ type: "text", text: "Review a.ts" }];
		expect(result.data).toEqual({ kind: "prompt", content, steered: false });
		expect(idle.harness.prompt).not.toHaveBeenCalled();
		result.afterResponse?.();
		expect(idle.harness.prompt).toHaveBeenCalledWith(expect.objectContaining({ role: "user", content }));

		const busy = handlersFor(fakeOperations([command]), { running: true });
		const steered = await busy.call({ type: "pack_command", name: "review", args: "b.ts" });
		expect(steered.data).toMatchObject({ kind: "prompt", steered: true });
		expect(steered.afterResponse).toBeUndefined();
		expect(busy.harness.steer).toHaveBeenCalledWith(
			expect.objectContaining({ role: "user", content: [{ type: "text", text: "Review b.ts" }] }),
		);
	});

	it("abort stops a pack command in progress", async () => {
		let seen: AbortSignal | undefined;
		const operations = fakeOperations([
			{
				name: "slow",
				description: "waits",
				run: (_args, signal) =>
					new Promise((_resolve, reject) => {
						seen = signal;
						signal.addEventListener("abort", () => reject(new Error("cancelled")), { once: true });
					}),
			},
		]);
		const { call } = handlersFor(operations);
		const running = call({ type: "pack_command", name: "slow" });
		await vi.waitFor(() => expect(seen).toBeDefined());
		await call({ type: "abort" });
		await expect(running).rejects.toThrow("cancelled");
		expect(seen?.aborted).toBe(true);
	});
});

describe("rpc commands and slash commands share their operations", () => {
	it("set_model and /model, compact and /compact, new_session and /new, export_html and /export", async () => {
		const operations = fakeOperations();
		const { call } = handlersFor(operations);
		const { host } = fakeHost(operations);

		await call({ type: "set_model", model: "wire/claude-big" });
		await runSlashCommand(host, "model", "wire/claude-wire");
		expect(operations.setModel.mock.calls).toEqual([["wire/claude-big"], ["wire/claude-wire"]]);

		expect((await call({ type: "compact", instructions: "keep names" })).data).toMatchObject({
			tokensAfter: 100,
		});
		await runSlashCommand(host, "compact", "keep names");
		expect(operations.compact.mock.calls).toEqual([["keep names"], ["keep names"]]);

		await call({ type: "new_session" });
		await runSlashCommand(host, "new", "");
		expect(operations.newSession).toHaveBeenCalledTimes(2);

		await call({ type: "export_html", path: "a.html" });
		await runSlashCommand(host, "export", "a.html");
		expect(operations.exportHtml.mock.calls).toEqual([["a.html"], ["a.html"]]);

		await call({ type: "switch_session", path: "two.jsonl" });
		expect(operations.switchSession).toHaveBeenCalledWith("two.jsonl");
		expect((await call({ type: "get_session_stats" })).data).toMatchObject({ toolCalls: 3, name: null });
	});
});
