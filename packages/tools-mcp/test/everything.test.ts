// biome-ignore-all lint/suspicious/noTemplateCurlyInString: `${VAR}` is the settings syntax under test.
import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EVERYTHING_SERVER, NODE, textOf, usePacks, useTempDir } from "./helpers.js";

async function freePort(): Promise<number> {
	return new Promise((resolve, reject) => {
		const server = createServer();
		server.once("error", reject);
		server.listen(0, "127.0.0.1", () => {
			const address = server.address();
			server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
		});
	});
}

/** Starts server-everything in `mode` on a free port; resolves once it listens. */
async function startEverything(
	mode: "streamableHttp" | "sse",
): Promise<{ port: number; child: ChildProcess }> {
	const port = await freePort();
	const child = spawn(NODE, [EVERYTHING_SERVER, mode], {
		env: { PATH: process.env.PATH, PORT: String(port) },
		stdio: ["ignore", "pipe", "pipe"],
	});
	await new Promise<void>((resolve, reject) => {
		let output = "";
		const onData = (chunk: Buffer) => {
			output += chunk.toString();
			if (/listening on port|running on port/i.test(output)) resolve();
		};
		child.stdout?.on("data", onData);
		child.stderr?.on("data", onData);
		child.once("exit", (code) => reject(new Error(`server-everything ${mode} exited (${code}): ${output}`)));
	});
	return { port, child };
}

describe("@modelcontextprotocol/server-everything over stdio", () => {
	const tempDir = useTempDir();
	const startPack = usePacks(tempDir);

	it("lists its tools with annotations as effects and calls them (text, image, structured content)", async () => {
		const { pack, call, tool } = await startPack({
			everything: { command: NODE, args: [EVERYTHING_SERVER, "stdio"] },
		});
		const names = pack.tools().map((candidate) => candidate.name);
		expect(names).toEqual(expect.arrayContaining(["mcp__everything__echo", "mcp__everything__get-sum"]));
		expect(tool("mcp__everything__get-sum").effects).toEqual({ kind: "read", openWorld: false });
		expect(tool("mcp__everything__get-sum").parameters).toMatchObject({
			type: "object",
			properties: { a: { type: "number" }, b: { type: "number" } },
		});
		expect(textOf(await call("mcp__everything__echo", { message: "hello" }))).toContain("hello");
		expect(textOf(await call("mcp__everything__get-sum", { a: 2, b: 3 }))).toContain("5");
		const image = await call("mcp__everything__get-tiny-image");
		expect(image.content.some((block) => block.type === "image" && block.mimeType === "image/png")).toBe(
			true,
		);
		const structured = await call("mcp__everything__get-structured-content", { location: "New York" });
		expect(structured.isError).toBeUndefined();
		expect(structured.details).toMatchObject({ structuredContent: expect.any(Object) });
		expect(pack.guidelines?.([tool("mcp__everything__echo")])?.[0]).toMatch(
			/^The mcp__everything__\* tools are run by the MCP server "everything"/,
		);
	});

	it("offers its prompts as commands", async () => {
		const { pack } = await startPack({ everything: { command: NODE, args: [EVERYTHING_SERVER, "stdio"] } });
		const commands = pack.commands?.() ?? [];
		const simple = commands.find((command) => command.name.startsWith("mcp__everything__simple"));
		expect(simple).toBeDefined();
		const result = await simple?.run("", new AbortController().signal);
		expect(result?.kind).toBe("prompt");
		expect(result?.kind === "prompt" && result.content.length).toBeGreaterThan(0);
	});
});

describe("@modelcontextprotocol/server-everything over HTTP", () => {
	const tempDir = useTempDir();
	const startPack = usePacks(tempDir);
	const servers: ChildProcess[] = [];
	let httpPort = 0;
	let ssePort = 0;

	beforeAll(async () => {
		const [http, sse] = await Promise.all([startEverything("streamableHttp"), startEverything("sse")]);
		servers.push(http.child, sse.child);
		httpPort = http.port;
		ssePort = sse.port;
	});
	afterAll(() => {
		for (const child of servers) child.kill("SIGKILL");
	});

	it("connects over Streamable HTTP (with expanded headers) and calls a tool", async () => {
		const { pack, call } = await startPack(
			{ remote: { url: `http://127.0.0.1:${httpPort}/mcp`, headers: { "X-Token": "Bearer ${TEST_TOKEN}" } } },
			{ env: { TEST_TOKEN: "t0k3n" } },
		);
		const listing = await pack
			.commands?.()
			.find((command) => command.name === "mcp")
			?.run("", new AbortController().signal);
		expect(listing?.kind === "show" && listing.text).toMatch(/^remote: ready via http/);
		expect(textOf(await call("mcp__remote__get-sum", { a: 20, b: 22 }))).toContain("42");
	});

	it("falls back to the legacy SSE transport when Streamable HTTP answers 4xx", async () => {
		const { pack, call } = await startPack({ legacy: { url: `http://127.0.0.1:${ssePort}/sse` } });
		const listing = await pack
			.commands?.()
			.find((command) => command.name === "mcp")
			?.run("", new AbortController().signal);
		expect(listing?.kind === "show" && listing.text).toMatch(/^legacy: ready via sse/);
		expect(textOf(await call("mcp__legacy__echo", { message: "over sse" }))).toContain("over sse");
	});

	it('with type "http" does not fall back, and reports the failure', async () => {
		const { pack, warnings } = await startPack({
			strict: { type: "http", url: `http://127.0.0.1:${ssePort}/sse` },
		});
		expect(pack.tools()).toEqual([]);
		expect(warnings[0]).toMatch(/MCP server "strict" .* failed to start: HTTP 404: .*Cannot POST \/sse/);
	});
});
