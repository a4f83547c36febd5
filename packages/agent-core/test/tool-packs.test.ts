import { Type } from "typebox";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
	type AgentTool,
	callEffect,
	defineToolPack,
	selectTools,
	staticToolPack,
	type ToolPack,
	ToolPackSet,
} from "../src/index.js";

function tool(name: string, extra: Partial<AgentTool> = {}): AgentTool {
	return {
		name,
		description: `${name} tool`,
		parameters: Type.Object({}),
		execute: async () => ({ content: [{ type: "text", text: name }], details: undefined }),
		...extra,
	};
}

afterEach(() => {
	vi.useRealTimers();
});

describe("callEffect", () => {
	it("treats a tool that declares nothing as execute", () => {
		expect(callEffect(undefined, { path: "a" })).toEqual({ kind: "execute" });
	});

	it("keeps reads, with their reach", () => {
		expect(callEffect({ kind: "read" }, {})).toEqual({ kind: "read", openWorld: false });
		expect(callEffect({ kind: "read", openWorld: true }, {})).toEqual({ kind: "read", openWorld: true });
	});

	it("gives a write the file it names, and the content after", () => {
		const effect = callEffect(
			{
				kind: "write",
				fileChange: (args) => ({
					path: String(args.path),
					after: (before) => `${before ?? ""}+${String(args.text)}`,
				}),
			},
			{ path: "notes.md", text: "x" },
		);
		expect(effect.kind).toBe("write");
		if (effect.kind !== "write") return;
		expect(effect.change.path).toBe("notes.md");
		expect(effect.change.after("a")).toBe("a+x");
	});

	it("counts a write that cannot name its file as execute", () => {
		expect(callEffect({ kind: "write" }, { path: "a" })).toEqual({ kind: "execute" });
		expect(callEffect({ kind: "write", fileChange: () => undefined }, {})).toEqual({ kind: "execute" });
		expect(
			callEffect(
				{
					kind: "write",
					fileChange: () => {
						throw new Error("bad arguments");
					},
				},
				{},
			),
		).toEqual({ kind: "execute" });
		expect(callEffect({ kind: "write", fileChange: () => ({ path: "", after: () => "" }) }, {})).toEqual({
			kind: "execute",
		});
	});

	it("counts an unknown kind as execute", () => {
		expect(callEffect({ kind: "teleport" as "read" }, {})).toEqual({ kind: "execute" });
	});
});

describe("ToolPackSet", () => {
	it("starts packs at once and keeps the tools of those that started", async () => {
		const order: string[] = [];
		let release: () => void = () => {};
		const slow: ToolPack = {
			name: "slow",
			tools: () => [tool("slow_tool")],
			start: () =>
				new Promise<void>((resolve) => {
					order.push("slow started");
					release = resolve;
				}),
		};
		const quick: ToolPack = {
			name: "quick",
			tools: () => [tool("quick_tool")],
			start: async () => {
				order.push("quick started");
				release();
			},
		};
		const broken: ToolPack = {
			name: "broken",
			tools: () => [tool("broken_tool")],
			start: async () => {
				throw new Error("server exited with code 1");
			},
		};
		const set = new ToolPackSet([slow, quick, broken]);
		const failures = await set.start();
		expect(order).toEqual(["slow started", "quick started"]);
		expect(failures).toEqual([{ pack: "broken", message: "server exited with code 1" }]);
		expect(set.tools().map(({ tool }) => tool.name)).toEqual(["slow_tool", "quick_tool"]);
		expect(set.start()).toBe(set.start());
	});

	it("gives up on a pack that does not start in time and aborts its start", async () => {
		vi.useFakeTimers();
		let seen: AbortSignal | undefined;
		const hanging: ToolPack = {
			name: "hanging",
			tools: () => [tool("never")],
			start: (signal) => {
				seen = signal;
				return new Promise(() => {});
			},
		};
		const set = new ToolPackSet([hanging, staticToolPack("fine", [tool("fine_tool")])]);
		const started = set.start({ timeoutMs: 5000 });
		await vi.advanceTimersByTimeAsync(5000);
		expect(await started).toEqual([{ pack: "hanging", message: "did not start within 5000 ms" }]);
		expect(seen?.aborted).toBe(true);
		expect(set.tools().map(({ tool }) => tool.name)).toEqual(["fine_tool"]);
	});

	it("stops starting when the session's signal fires", async () => {
		const controller = new AbortController();
		const set = new ToolPackSet([{ name: "hanging", tools: () => [], start: () => new Promise(() => {}) }]);
		const started = set.start({ signal: controller.signal });
		controller.abort();
		expect(await started).toEqual([{ pack: "hanging", message: "start was cancelled" }]);
	});

	it("refuses two packs of one name", () => {
		expect(() => new ToolPackSet([staticToolPack("fs", []), staticToolPack("fs", [])])).toThrow(/unique/);
	});

	it("keeps the first tool of a name and reports the others", () => {
		const set = new ToolPackSet([
			staticToolPack("a", [tool("read")]),
			staticToolPack("b", [tool("read"), tool("x")]),
		]);
		expect(set.tools().map(({ pack, tool }) => `${pack.name}:${tool.name}`)).toEqual(["a:read", "b:x"]);
		expect(set.conflicts()).toEqual([{ pack: "b", tool: "read" }]);
		expect(set.packOf("x")?.name).toBe("b");
	});

	it("asks only packs with active tools for guidelines, about those tools", () => {
		const asked: string[][] = [];
		const set = new ToolPackSet([
			staticToolPack("fs", [tool("read"), tool("write")], (active) => {
				asked.push(active.map((t) => t.name));
				return active.map((t) => `Use ${t.name} well.`);
			}),
			staticToolPack("shell", [tool("bash")], () => ["Use bash well."]),
		]);
		const active = set
			.tools()
			.filter(({ tool }) => tool.name === "read")
			.map(({ tool }) => tool);
		expect(set.guidelines(active)).toEqual(["Use read well."]);
		expect(asked).toEqual([["read"]]);
	});

	it("closes every pack once, reports close failures and never rejects", async () => {
		const closed: string[] = [];
		const set = new ToolPackSet([
			{ name: "a", tools: () => [], close: async () => void closed.push("a") },
			{
				name: "b",
				tools: () => [],
				close: async () => {
					throw new Error("kill failed");
				},
			},
			{
				name: "c",
				tools: () => [],
				start: async () => Promise.reject(new Error("no")),
				close: async () => void closed.push("c"),
			},
		]);
		await set.start();
		expect(await set.close()).toEqual([{ pack: "b", message: "kill failed" }]);
		await set.close();
		expect(closed).toEqual(["a", "c"]);
	});

	it("lists commands without duplicate names and forwards tool changes", () => {
		const listeners: (() => void)[] = [];
		const command = (name: string) => ({
			name,
			description: name,
			run: async () => ({ kind: "show" as const, text: name }),
		});
		const set = new ToolPackSet([
			{ name: "a", tools: () => [], commands: () => [command("mcp"), command("x")] },
			{
				name: "b",
				tools: () => [],
				commands: () => [command("mcp")],
				onToolsChanged: (listener) => {
					listeners.push(listener);
					return () => listeners.splice(listeners.indexOf(listener), 1);
				},
			},
		]);
		expect(set.commands().map((c) => c.name)).toEqual(["mcp", "x"]);
		const changed = vi.fn();
		const stop = set.onToolsChanged(changed);
		for (const listener of listeners) listener();
		expect(changed).toHaveBeenCalledTimes(1);
		stop();
		expect(listeners).toHaveLength(0);
	});
});

describe("selectTools", () => {
	const set = new ToolPackSet([
		staticToolPack("fs", [tool("read"), tool("write")]),
		staticToolPack("shell", [tool("bash")]),
		staticToolPack("mcp", [tool("mcp__git__status"), tool("mcp__web__fetch")]),
	]);
	const names = (selection: { tools: AgentTool[] }) => selection.tools.map((t) => t.name);

	it("keeps everything without a list and nothing with an empty one", () => {
		expect(names(selectTools(set.tools(), undefined))).toHaveLength(5);
		expect(names(selectTools(set.tools(), []))).toEqual([]);
	});

	it("takes pack names, tool names and prefixes, in pack order", () => {
		expect(names(selectTools(set.tools(), ["bash", "fs", "mcp__git__*"]))).toEqual([
			"read",
			"write",
			"bash",
			"mcp__git__status",
		]);
	});

	it("reports names that match nothing, also when another name took the tool", () => {
		expect(selectTools(set.tools(), ["fs", "read", "nope", "mcp__x__*"]).unknown).toEqual([
			"nope",
			"mcp__x__*",
		]);
	});
});

describe("defineToolPack", () => {
	it("builds a pack from its settings", () => {
		const module = defineToolPack({
			name: "notes",
			description: "notes",
			settings: Type.Object({ notesFile: Type.Optional(Type.String()) }),
			create: ({ settings }) => staticToolPack("notes", [tool(settings.notesFile ?? "NOTES.md")]),
		});
		const pack = module.create({
			cwd: "/",
			settings: { notesFile: "todo.md" },
			secretVariables: [],
			logDir: "/tmp",
			warn: () => {},
		});
		expect(pack.tools().map((t) => t.name)).toEqual(["todo.md"]);
	});
});
