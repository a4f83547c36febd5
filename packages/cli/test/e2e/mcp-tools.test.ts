import { access, readFile, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { answer, type CliFixture, createCliFixture, reply, WIRE_MODEL } from "./cli-fixture.js";

/** The real filesystem MCP server from npm, run over stdio by the `mcp` pack. */
const FILESYSTEM_SERVER = createRequire(import.meta.url).resolve(
	"@modelcontextprotocol/server-filesystem/dist/index.js",
);

let fixture: CliFixture;
beforeEach(async () => {
	fixture = await createCliFixture();
	// The server may touch only the working folder; kestrel learns its tools by starting it.
	await writeFile(
		join(fixture.kestrelHome, "settings.json"),
		JSON.stringify({
			mcpServers: { files: { command: process.execPath, args: [FILESYSTEM_SERVER, fixture.cwd] } },
		}),
	);
	await writeFile(join(fixture.cwd, "tide.txt"), "high tide at 7\n");
});
afterEach(async () => {
	await fixture.close();
});

const exists = (path: string) =>
	access(path).then(
		() => true,
		() => false,
	);

/** The tool names and the system prompt of the `index`th model request. */
function request(index: number): { tools: string[]; system: string; body: string } {
	const body = fixture.server.requests[index]?.body as {
		tools?: { name: string }[];
		system?: string | { text: string }[];
	};
	const system =
		typeof body.system === "string" ? body.system : (body.system ?? []).map((part) => part.text).join("\n");
	return { tools: (body.tools ?? []).map((tool) => tool.name), system, body: JSON.stringify(body) };
}

describe("MCP tools in kestrel -p", () => {
	it("offers the server's tools, runs a read-only one unasked and gives the model its result", async () => {
		fixture.server.enqueue(
			reply([
				{
					type: "toolCall",
					id: "toolu_read",
					name: "mcp__files__read_text_file",
					arguments: { path: join(fixture.cwd, "tide.txt") },
				},
			]),
			answer("High tide is at 7."),
		);
		const result = await fixture.run(["--model", WIRE_MODEL, "--no-session", "-p", "When is high tide?"]);
		expect(result.stderr).toBe("");
		expect(result).toMatchObject({ code: 0, stdout: "High tide is at 7.\n" });
		const first = request(0);
		expect(first.tools).toEqual(
			expect.arrayContaining(["read", "bash", "mcp__files__read_text_file", "mcp__files__write_file"]),
		);
		expect(request(1).body).toContain("high tide at 7");
	});

	it("asks before a tool that changes things: refused in print mode under --approve ask, run under --approve all", async () => {
		const target = join(fixture.cwd, "notes.txt");
		const writeCall = reply([
			{
				type: "toolCall",
				id: "toolu_write",
				name: "mcp__files__write_file",
				arguments: { path: target, content: "x" },
			},
		]);
		fixture.server.enqueue(writeCall, answer("Could not write."));
		const refused = await fixture.run(["--model", WIRE_MODEL, "--no-session", "-p", "Write notes"]);
		expect(refused.code).toBe(0);
		expect(refused.stderr).toContain("refused the mcp__files__write_file call");
		expect(refused.stderr).toContain("--approve all");
		expect(await exists(target)).toBe(false);

		fixture.server.enqueue(writeCall, answer("Written."));
		const allowed = await fixture.run([
			"--model",
			WIRE_MODEL,
			"--no-session",
			"--approve",
			"all",
			"-p",
			"Write notes",
		]);
		expect(allowed).toMatchObject({ code: 0, stdout: "Written.\n" });
		expect(await readFile(target, "utf8")).toBe("x");
	});

	it("--tools keeps packs and MCP tools by name, and the prompt names only what is active", async () => {
		fixture.server.enqueue(answer("ok"));
		const result = await fixture.run([
			"--model",
			WIRE_MODEL,
			"--no-session",
			"--tools",
			"read,mcp__files__list_*",
			"-p",
			"hi",
		]);
		expect(result).toMatchObject({ code: 0, stderr: "" });
		const { tools, system } = request(0);
		expect(tools[0]).toBe("read");
		expect(tools.slice(1).sort()).toEqual([
			"mcp__files__list_allowed_directories",
			"mcp__files__list_directory",
			"mcp__files__list_directory_with_sizes",
		]);
		expect(system).toContain("Use read to look at a file");
		// The tool list and every guideline are bullets: none may send the model to an inactive tool.
		const bullets = system.split("\n").filter((line) => line.startsWith("- "));
		expect(bullets.length).toBeGreaterThan(5);
		expect(bullets.filter((line) => /\b(write|edit|grep|find|ls|bash)\b/.test(line))).toEqual([]);
	});

	it("a --tools name that matches nothing is a usage error listing what exists", async () => {
		const result = await fixture.run([
			"--model",
			WIRE_MODEL,
			"--no-session",
			"--tools",
			"read,nope",
			"-p",
			"hi",
		]);
		expect(result.code).toBe(2);
		expect(result.stderr).toContain("nope");
		expect(result.stderr).toContain("mcp__files__read_text_file");
		expect(fixture.server.requests).toHaveLength(0);
	});

	it("a server that fails to start is reported, and the other tools work", async () => {
		await writeFile(
			join(fixture.kestrelHome, "settings.json"),
			JSON.stringify({
				mcpServers: {
					broken: {
						command: process.execPath,
						args: ["-e", "console.error('no database'); process.exit(3)"],
					},
				},
			}),
		);
		fixture.server.enqueue(answer("ok"));
		const result = await fixture.run(["--model", WIRE_MODEL, "--no-session", "-p", "hi"]);
		expect(result.code).toBe(0);
		expect(result.stderr).toContain("broken");
		expect(result.stderr).toContain("no database");
		expect(request(0).tools).toContain("bash");
		expect(request(0).tools.some((name) => name.startsWith("mcp__broken__"))).toBe(false);
	});

	it("stops every server process, and what they started, when the run ends", async () => {
		const pidFile = join(fixture.cwd, "sleeper.pid");
		// The server's shell starts a background process in its group, then becomes the server.
		const script = `sleep 600 & echo $! > '${pidFile}'; exec '${process.execPath}' '${FILESYSTEM_SERVER}' '${fixture.cwd}'`;
		await writeFile(
			join(fixture.kestrelHome, "settings.json"),
			JSON.stringify({ mcpServers: { files: { command: "sh", args: ["-c", script] } } }),
		);
		fixture.server.enqueue(answer("ok"));
		const result = await fixture.run(["--model", WIRE_MODEL, "--no-session", "-p", "hi"]);
		expect(result).toMatchObject({ code: 0, stderr: "" });
		expect(request(0).tools).toContain("mcp__files__read_text_file");
		const sleeper = Number((await readFile(pidFile, "utf8")).trim());
		expect(sleeper).toBeGreaterThan(0);
		// Signals are delivered asynchronously: give the group a wide margin to go.
		expect(await goneWithin(sleeper, 10_000)).toBe(true);
	});
});

/** Whether `pid` has exited (a zombie waiting for its new parent to reap it counts) within `ms`. */
async function goneWithin(pid: number, ms: number): Promise<boolean> {
	const deadline = Date.now() + ms;
	for (;;) {
		const stat = await readFile(`/proc/${pid}/stat`, "utf8").catch(() => undefined);
		// The state follows the command name in parentheses: `Z` is a zombie.
		if (stat === undefined || stat.slice(stat.lastIndexOf(")") + 2).startsWith("Z")) return true;
		if (Date.now() > deadline) return false;
		await new Promise((resolve) => setTimeout(resolve, 50));
	}
}
