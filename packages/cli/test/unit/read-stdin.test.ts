import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { DEFAULT_STDIN_WAIT_MS, readPipedStdin, stdinWaitFromEnv } from "../../src/read-stdin.js";

describe("readPipedStdin", () => {
	it("reads everything up to the end, and nothing from a terminal", async () => {
		const stdin = new PassThrough();
		stdin.end("alpha\nbeta\n");
		expect(await readPipedStdin(stdin)).toEqual({ text: "alpha\nbeta\n", timedOut: false });
		const terminal = Object.assign(new PassThrough(), { isTTY: true });
		expect(await readPipedStdin(terminal, { firstByteTimeoutMs: 10 })).toEqual({ text: "", timedOut: false });
	});

	it("gives up on a stdin that stays open and silent, and closes it", async () => {
		const stdin = new PassThrough();
		expect(await readPipedStdin(stdin, { firstByteTimeoutMs: 20 })).toEqual({ text: "", timedOut: true });
		expect(stdin.destroyed).toBe(true);
	});

	it("once the first byte is in, reads to the end however slowly the rest comes", async () => {
		const stdin = new PassThrough();
		stdin.write("first ");
		const reading = readPipedStdin(stdin, { firstByteTimeoutMs: 20 });
		setTimeout(() => stdin.end("and last"), 200);
		expect(await reading).toEqual({ text: "first and last", timedOut: false });
	});

	it("waits KESTREL_STDIN_WAIT_MS when it is a positive number", () => {
		expect(stdinWaitFromEnv({ KESTREL_STDIN_WAIT_MS: "10000" })).toBe(10_000);
		expect(stdinWaitFromEnv({ KESTREL_STDIN_WAIT_MS: "0" })).toBe(DEFAULT_STDIN_WAIT_MS);
		expect(stdinWaitFromEnv({})).toBe(DEFAULT_STDIN_WAIT_MS);
	});
});
