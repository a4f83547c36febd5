import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { CliError } from "../../src/cli-error.js";
import {
	DEFAULT_STDIN_WAIT_MS,
	MAX_STDIN_WAIT_MS,
	readPipedStdin,
	stdinWaitFromEnv,
} from "../../src/read-stdin.js";

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
		expect(stdinWaitFromEnv({ KESTREL_STDIN_WAIT_MS: String(MAX_STDIN_WAIT_MS) })).toBe(MAX_STDIN_WAIT_MS);
		expect(stdinWaitFromEnv({ KESTREL_STDIN_WAIT_MS: "" })).toBe(DEFAULT_STDIN_WAIT_MS);
		expect(stdinWaitFromEnv({})).toBe(DEFAULT_STDIN_WAIT_MS);
	});

	it("refuses a KESTREL_STDIN_WAIT_MS that is not a wait a timer can hold, as a usage error", () => {
		for (const bad of ["1e20", "2147483648", "0", "-5", "1.5", "soon", "Infinity"]) {
			let thrown: unknown;
			try {
				stdinWaitFromEnv({ KESTREL_STDIN_WAIT_MS: bad });
			} catch (error) {
				thrown = error;
			}
			expect(thrown, bad).toBeInstanceOf(CliError);
			expect((thrown as CliError).exitCode).toBe(2);
			expect((thrown as CliError).message).toContain(`KESTREL_STDIN_WAIT_MS=${bad}`);
		}
	});
});
