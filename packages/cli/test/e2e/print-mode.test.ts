import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { answer, type CliFixture, createCliFixture, reply, WIRE_MODEL } from "./cli-fixture.js";

let fixture: CliFixture;
beforeEach(async () => {
	fixture = await createCliFixture();
});
afterEach(async () => {
	await fixture.close();
});

describe("print mode", () => {
	it("writes and edits a file, prints the answer, and -c continues the same session", async () => {
		fixture.server.enqueue(
			reply([
				{
					type: "toolCall",
					id: "toolu_01",
					name: "write",
					arguments: { path: "notes.txt", content: "tide at 6\n" },
				},
			]),
			reply([
				{
					type: "toolCall",
					id: "toolu_02",
					name: "edit",
					arguments: { path: "notes.txt", edits: [{ oldText: "tide at 6", newText: "tide at 7" }] },
				},
			]),
			answer("Wrote notes.txt and fixed the time."),
		);
		const first = await fixture.run([
			"--model",
			WIRE_MODEL,
			"--approve",
			"all",
			"-p",
			"Write the tide notes",
		]);
		expect(first.stderr).toBe("");
		expect(first.code).toBe(0);
		expect(first.stdout).toBe("Wrote notes.txt and fixed the time.\n");
		expect(await readFile(join(fixture.cwd, "notes.txt"), "utf8")).toBe("tide at 7\n");
		expect(fixture.server.requests).toHaveLength(3);
		const headers = fixture.server.requests[0]?.headers ?? {};
		expect(`${headers["x-api-key"] ?? ""} ${headers.authorization ?? ""}`).toContain("sk-wire-secret-key");

		const [sessionFile] = await fixture.sessionFiles();
		expect(sessionFile).toBeDefined();
		const sessionText = await readFile(sessionFile as string, "utf8");
		expect(sessionText).toContain("tide at 7");
		expect(sessionText).not.toContain("sk-wire-secret-key");

		fixture.server.enqueue(answer("It says tide at 7."));
		const second = await fixture.run(["--model", WIRE_MODEL, "-c", "-p", "What does it say?"]);
		expect(second.code).toBe(0);
		expect(second.stdout).toBe("It says tide at 7.\n");
		expect(await fixture.sessionFiles()).toEqual([sessionFile]);
		const request = JSON.stringify(fixture.server.requests[3]?.body);
		expect(request).toContain("Write the tide notes");
		expect(request).toContain("Wrote notes.txt and fixed the time.");
		expect(request).toContain("What does it say?");
	});

	it("appends piped stdin to the prompt", async () => {
		fixture.server.enqueue(answer("Two lines."));
		const result = await fixture.run(["--model", WIRE_MODEL, "-p", "Count the lines:"], {
			stdin: "alpha\nbeta\n",
		});
		expect(result.code).toBe(0);
		const body = JSON.stringify(fixture.server.requests[0]?.body);
		expect(body).toContain("Count the lines:\\n\\nalpha\\nbeta");
	});

	it("does not wait forever on a stdin its parent never closes, and says so", async () => {
		fixture.server.enqueue(answer("Answered without stdin."));
		const { child, result } = fixture.start(["--model", WIRE_MODEL, "-p", "Say hi"], {
			openStdin: true,
			env: { KESTREL_STDIN_WAIT_MS: "300" },
		});
		const { code, stdout, stderr } = await result;
		child.stdin?.destroy();
		expect(code).toBe(0);
		expect(stdout).toBe("Answered without stdin.\n");
		expect(stderr).toContain("nothing arrived on stdin within 300 ms");
		expect(stderr).toContain("< /dev/null");
	});

	it("reads a slow pipe to its end once it has started, and waits for stdin when it is the only prompt", async () => {
		fixture.server.enqueue(answer("Both parts."), answer("Late prompt read."));
		// Part one is in the pipe before kestrel starts waiting (1 s, for a loaded machine to
		// read it); part two comes after that wait has run out.
		const slow = fixture.start(["--model", WIRE_MODEL, "-p", "Join:"], {
			openStdin: true,
			env: { KESTREL_STDIN_WAIT_MS: "1000" },
		});
		slow.child.stdin?.write("part one, ");
		setTimeout(() => slow.child.stdin?.end("part two"), 3_000);
		expect(await slow.result).toMatchObject({ code: 0, stdout: "Both parts.\n", stderr: "" });
		expect(JSON.stringify(fixture.server.requests[0]?.body)).toContain("Join:\\n\\npart one, part two");

		// No prompt argument: stdin is the prompt, so it is waited for past KESTREL_STDIN_WAIT_MS.
		const onlyStdin = fixture.start(["--model", WIRE_MODEL, "-p"], {
			openStdin: true,
			env: { KESTREL_STDIN_WAIT_MS: "100" },
		});
		setTimeout(() => onlyStdin.child.stdin?.end("the late prompt"), 800);
		expect(await onlyStdin.result).toMatchObject({ code: 0, stdout: "Late prompt read.\n", stderr: "" });
		expect(JSON.stringify(fixture.server.requests[1]?.body)).toContain("the late prompt");
	});

	it("with --approve ask refuses the write and tells the model why", async () => {
		fixture.server.enqueue(
			reply([
				{ type: "toolCall", id: "toolu_01", name: "write", arguments: { path: "notes.txt", content: "x" } },
			]),
			answer("I was not allowed to write."),
		);
		const result = await fixture.run(["--model", WIRE_MODEL, "--approve", "ask", "-p", "Write notes"]);
		expect(result.code).toBe(0);
		expect(result.stdout).toBe("I was not allowed to write.\n");
		expect(result.stderr).toContain("kestrel: refused the write call to notes.txt");
		expect(result.stderr).toContain("--approve edits or --approve all");
		await expect(readFile(join(fixture.cwd, "notes.txt"), "utf8")).rejects.toThrow();
		const toolResult = JSON.stringify(fixture.server.requests[1]?.body);
		expect(toolResult).toContain("not approved: run kestrel with --approve edits or --approve all");
	});

	it("--no-session writes no session file", async () => {
		fixture.server.enqueue(answer("ok"));
		const result = await fixture.run(["--model", WIRE_MODEL, "--no-session", "-p", "hi"]);
		expect(result.code).toBe(0);
		expect(await fixture.sessionFiles()).toEqual([]);
	});
});
