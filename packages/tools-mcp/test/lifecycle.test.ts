// biome-ignore-all lint/suspicious/noTemplateCurlyInString: `${VAR}` is the settings syntax under test.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { mcpToolPack } from "../src/index.js";
import { eventually, faultServer, NODE, textOf, usePacks, useTempDir } from "./helpers.js";

/** Whether a process runs (zombies, which init reaps late in containers, do not count). */
function isRunning(pid: number): boolean {
	try {
		const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
		const state = stat.slice(stat.lastIndexOf(")") + 2).split(" ")[0];
		return state !== "Z" && state !== "X";
	} catch {
		return false;
	}
}

describe("starting, environment and closing", () => {
	const tempDir = useTempDir();
	const startPack = usePacks(tempDir);

	it("gives stdio servers a minimal environment: no credentials unless env names them, $VAR expanded", async () => {
		const env = {
			PATH: process.env.PATH,
			HOME: "/home/test",
			FOO_API_KEY: "secret-foo",
			BAR_API_KEY: "secret-bar",
			SESSION_TOKEN: "secret-token",
			UNRELATED: "not inherited",
			REGION: "eu-west",
		};
		const { call } = await startPack(
			{
				plain: faultServer(),
				keyed: faultServer([], {
					env: { BAR_API_KEY: "${BAR_API_KEY}", WHERE: "$REGION/x", DEF: "${NOPE:-fallback}" },
				}),
			},
			{ env, secretVariables: ["SESSION_TOKEN"] },
		);
		const plain = JSON.parse(textOf(await call("mcp__plain__env"))) as Record<string, string>;
		expect(plain.FOO_API_KEY).toBeUndefined();
		expect(plain.BAR_API_KEY).toBeUndefined();
		expect(plain.SESSION_TOKEN).toBeUndefined();
		expect(plain.UNRELATED).toBeUndefined();
		expect(plain.PATH).toBe(process.env.PATH);
		const keyed = JSON.parse(textOf(await call("mcp__keyed__env"))) as Record<string, string>;
		expect(keyed.BAR_API_KEY).toBe("secret-bar");
		expect(keyed.FOO_API_KEY).toBeUndefined();
		expect(keyed.WHERE).toBe("eu-west/x");
		expect(keyed.DEF).toBe("fallback");
	});

	it("reports a server that fails to start (command, stderr lines) while the others work", async () => {
		const { pack, warnings, call } = await startPack({
			broken: faultServer(["--fail-start"]),
			missing: { command: "kestrel-no-such-program-xyz" },
			unset: faultServer([], { env: { TOKEN: "$KESTREL_TEST_UNSET_VARIABLE" } }),
			good: faultServer(),
		});
		expect(textOf(await call("mcp__good__echo", { text: "ok" }))).toBe("ok");
		expect(warnings).toHaveLength(3);
		const broken = warnings.find((warning) => warning.includes('"broken"')) ?? "";
		expect(broken).toContain("fault-server.mjs --fail-start");
		expect(broken).toMatch(/exited with code 3/);
		expect(broken).toContain("fatal: the configuration file is missing");
		expect(broken).toContain("see --help for the options");
		expect(warnings.find((warning) => warning.includes('"missing"'))).toMatch(/no such program/);
		expect(warnings.find((warning) => warning.includes('"unset"'))).toMatch(
			/env\.TOKEN uses \$KESTREL_TEST_UNSET_VARIABLE, which is not set/,
		);
		const status = pack.status?.();
		expect(status).toMatchObject({ state: "ready", detail: "1 of 4 servers connected" });
		expect(status?.parts?.map((part) => [part.name, part.state])).toEqual([
			["broken", "failed"],
			["missing", "failed"],
			["unset", "failed"],
			["good", "ready"],
		]);
		expect(pack.tools().every((tool) => tool.name.startsWith("mcp__good__"))).toBe(true);
	});

	it("writes stderr to a log file per server, never to the terminal", async () => {
		const { logDir, pack } = await startPack({ noisy: faultServer() });
		const log = join(logDir, "mcp-noisy.log");
		await eventually(
			() => existsSync(log) && readFileSync(log, "utf8").includes("fault-server starting"),
			"the log",
		);
		const listing = await pack
			.commands?.()
			.find((command) => command.name === "mcp")
			?.run("", new AbortController().signal);
		expect(listing?.kind === "show" && listing.text).toContain(`log: ${log}`);
	});

	it("skips disabled servers and reports them as such", async () => {
		const { pack } = await startPack({
			off: faultServer([], { enabled: false }),
			cline: faultServer([], { disabled: true }),
			on: faultServer(),
		});
		expect(pack.status?.().parts?.map((part) => part.state)).toEqual(["disabled", "disabled", "ready"]);
		expect(pack.tools().every((tool) => tool.name.startsWith("mcp__on__"))).toBe(true);
	});

	it("close kills the server's whole process group, grandchildren that ignore SIGTERM included; it is idempotent", async () => {
		const { pack, call } = await startPack({ spawner: faultServer() }, { closeGraceMs: 300 });
		const pid = Number(textOf(await call("mcp__spawner__spawn_grandchild")));
		expect(pid).toBeGreaterThan(0);
		expect(isRunning(pid)).toBe(true);
		await Promise.all([pack.close?.(), pack.close?.()]);
		await eventually(() => !isRunning(pid), "the grandchild to be gone", 5000);
		expect(pack.tools()).toEqual([]);
		await pack.close?.();
	});

	it("close during start kills a server that never answers initialize, without waiting for its startup timeout", async () => {
		const pack = mcpToolPack({
			servers: {
				mute: { command: NODE, args: ["-e", "setInterval(() => {}, 1000)"], startupTimeout: 120_000 },
			},
			logDir: join(tempDir(), "logs"),
			closeGraceMs: 300,
		});
		const starting = pack.start?.(new AbortController().signal);
		await eventually(() => pack.status?.().parts?.[0]?.state === "starting", "the start");
		await new Promise((resolve) => setTimeout(resolve, 300));
		const began = Date.now();
		await pack.close?.();
		await starting;
		// The startup timeout is 120 s: finishing well within it shows close did not wait for it.
		expect(Date.now() - began).toBeLessThan(60_000);
		expect(pack.status?.().parts?.[0]?.state).toBe("failed");
	});

	it("close of a pack that never started does not throw", async () => {
		const pack = mcpToolPack({ servers: { idle: { command: NODE, args: ["-e", ""] } } });
		await expect(pack.close?.()).resolves.toBeUndefined();
		expect(pack.status?.().state).toBe("starting");
	});
});

describe("tools, names, effects, prompts and guidelines", () => {
	const tempDir = useTempDir();
	const startPack = usePacks(tempDir);

	it("names tools for every provider: charset, 64 characters, unique, stable", async () => {
		const { pack, call } = await startPack({ "my server.v2": faultServer() });
		const names = pack.tools().map((tool) => tool.name);
		for (const name of names) {
			expect(name).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
		}
		expect(new Set(names).size).toBe(names.length);
		expect(names).toContain("mcp__my_server_v2__echo");
		const long = names.find((name) => name.startsWith("mcp__my_server_v2__a_really_long"));
		expect(long).toHaveLength(64);
		expect(long).toMatch(/_[0-9a-f]{6}$/);
		const dotted = names.filter((name) => name.startsWith("mcp__my_server_v2__dotted_name"));
		expect(dotted).toHaveLength(2);
		expect(dotted.every((name) => /_[0-9a-f]{6}$/.test(name))).toBe(true);
		// Each shortened name still calls its own tool.
		const byReal = Object.fromEntries(
			await Promise.all(dotted.map(async (name) => [textOf(await call(name)), name] as const)),
		);
		expect(Object.keys(byReal).sort()).toEqual(["called dotted.name", "called dotted_name"]);
		expect(textOf(await call(long as string))).toContain("called a_really_long");
	});

	it("maps annotations to effects and gives a one-line summary", async () => {
		const { tool } = await startPack({ fault: faultServer() });
		expect(tool("mcp__fault__echo").effects).toEqual({ kind: "read", openWorld: false });
		expect(tool("mcp__fault__open_read").effects).toEqual({ kind: "read", openWorld: true });
		expect(tool("mcp__fault__write_thing").effects).toEqual({
			kind: "execute",
			openWorld: true,
			destructive: false,
		});
		expect(tool("mcp__fault__crash").effects).toEqual({
			kind: "execute",
			openWorld: true,
			destructive: true,
		});
		expect(tool("mcp__fault__echo").display?.summary?.({ text: "hi", times: 2 })).toBe(
			'fault: echo text="hi" times=2',
		);
		expect(tool("mcp__fault__env").parameters).toEqual({ type: "object", properties: {} });
	});

	it("turns prompts into commands (positional words and key=value) and lists servers with the mcp command", async () => {
		const { pack } = await startPack({ fault: faultServer() });
		const commands = pack.commands?.() ?? [];
		const greet = commands.find((command) => command.name === "mcp__fault__greet");
		expect(greet?.argumentHint).toBe("<name> [style]");
		const signal = new AbortController().signal;
		expect(await greet?.run("Ada", signal)).toEqual({
			kind: "prompt",
			content: [{ type: "text", text: "Greet Ada in a plain style." }],
		});
		expect(await greet?.run('style=formal "Ada Lovelace"', signal)).toEqual({
			kind: "prompt",
			content: [{ type: "text", text: "Greet Ada Lovelace in a formal style." }],
		});
		await expect(greet?.run("", signal)).rejects.toThrow(/needs name: \/mcp__fault__greet <name> \[style\]/);
		const listing = await commands.find((command) => command.name === "mcp")?.run("", signal);
		expect(listing?.kind).toBe("show");
		const text = listing?.kind === "show" ? listing.text : "";
		expect(text).toMatch(/^fault: ready via stdio/);
		expect(text).toContain("mcp__fault__echo");
		expect(text).toContain("prompts (1): greet");
	});

	it("gives one guideline line per server with active tools, with its instructions on one line", async () => {
		const { pack } = await startPack({
			one: faultServer(["--instructions", "Prefer echo.\nNever crash."]),
			two: faultServer(),
		});
		const active = pack
			.tools()
			.filter((tool) => tool.name === "mcp__one__echo" || tool.name === "mcp__one__fail");
		expect(pack.guidelines?.(active)).toEqual([
			'The mcp__one__* tools are run by the MCP server "one", which says: Prefer echo. Never crash.',
		]);
	});
});
