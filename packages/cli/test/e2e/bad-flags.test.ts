import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CliFixture, createCliFixture, WIRE_MODEL } from "./cli-fixture.js";

let fixture: CliFixture;
beforeAll(async () => {
	fixture = await createCliFixture();
});
afterAll(async () => {
	await fixture.close();
});

describe("bad flag values and combinations exit 2 with a message, before any request", () => {
	it("--thinking with an unknown level", async () => {
		const result = await fixture.run(["--model", WIRE_MODEL, "--thinking", "extreme", "-p", "hi"]);
		expect(result.code).toBe(2);
		expect(result.stderr).toContain('--thinking "extreme" is not a thinking level');
	});

	it("--session with --no-session, in either order", async () => {
		for (const args of [
			["--session", "a.jsonl", "--no-session"],
			["--no-session", "--session", "a.jsonl"],
		]) {
			const result = await fixture.run(["--model", WIRE_MODEL, ...args, "-p", "hi"]);
			expect(result.code, args.join(" ")).toBe(2);
			expect(result.stderr).toContain("--session and --no-session contradict each other");
		}
	});

	it("--tools with --no-tools, in either order", async () => {
		for (const args of [
			["--tools", "read", "--no-tools"],
			["--no-tools", "--tools", "read"],
		]) {
			const result = await fixture.run(["--model", WIRE_MODEL, ...args, "-p", "hi"]);
			expect(result.code, args.join(" ")).toBe(2);
			expect(result.stderr).toContain("--tools and --no-tools contradict each other");
		}
	});

	it("--export with more than a session and an output file", async () => {
		for (const args of [
			["--export", "a.jsonl", "out.html", "extra"],
			["stray", "--export", "a.jsonl"],
		]) {
			const result = await fixture.run(args);
			expect(result.code, args.join(" ")).toBe(2);
			expect(result.stderr).toContain("--export takes a session file and an optional output file");
		}
	});

	it("KESTREL_STDIN_WAIT_MS that no timer can hold, without Node's overflow warning", async () => {
		const result = await fixture.run(["--model", WIRE_MODEL, "-p", "hi"], {
			env: { KESTREL_STDIN_WAIT_MS: "1e20" },
		});
		expect(result.code).toBe(2);
		expect(result.stderr).toContain("KESTREL_STDIN_WAIT_MS=1e20 is not a wait in milliseconds");
		expect(result.stderr).not.toContain("TimeoutOverflowWarning");
		expect(fixture.server.requests).toHaveLength(0);
	});
});
