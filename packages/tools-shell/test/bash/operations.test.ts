import { describe, expect, it } from "vitest";
import { createBashTool, type ShellOperations, type ShellSpawnOptions } from "../../src/index.js";
import { run } from "../helpers.js";

/** Records each call and answers with a scripted exit; `onData` and the signal are left to `script`. */
function fakeOperations(
	script: (options: ShellSpawnOptions) => Promise<{ exitCode: number | null; signal: string | null }>,
) {
	const calls: { command: string; options: ShellSpawnOptions }[] = [];
	const operations: ShellOperations = {
		spawn: (command, options) => {
			calls.push({ command, options });
			return script(options);
		},
	};
	return { operations, calls };
}

const encode = (text: string) => new TextEncoder().encode(text);

describe("bash: custom ShellOperations", () => {
	it("get the command, the root, the cleaned environment, and stream the output the tool reports", async () => {
		process.env.KESTREL_FAKE_API_KEY = "secret";
		const { operations, calls } = fakeOperations(async ({ onData }) => {
			onData(encode("hello from "));
			onData(encode("elsewhere\n"));
			return { exitCode: 0, signal: null };
		});
		const { text, result } = await run(createBashTool("/srv/project", { operations }), {
			command: "uname -a",
		});
		delete process.env.KESTREL_FAKE_API_KEY;
		expect(text).toBe("hello from elsewhere");
		expect(result.isError).toBe(false);
		expect(calls).toHaveLength(1);
		expect(calls[0]!.command).toBe("uname -a");
		expect(calls[0]!.options.cwd).toBe("/srv/project");
		expect(calls[0]!.options.env.KESTREL_FAKE_API_KEY).toBeUndefined();
		expect(calls[0]!.options.env.PATH).toBe(process.env.PATH);
	});

	it("receive an abort signal when the timeout expires, and the tool reports the timeout", async () => {
		const { operations } = fakeOperations(
			({ signal }) =>
				new Promise((resolve) =>
					signal.addEventListener("abort", () => resolve({ exitCode: null, signal: "SIGTERM" })),
				),
		);
		const { details, text } = await run(createBashTool("/srv", { operations }), {
			command: "sleep 9",
			timeout: 0.2,
		});
		expect(details.status).toBe("timed_out");
		expect(text).toBe(
			"(no output)\n\nCommand timed out after 0.2 s; it and every process it started were stopped.",
		);
	});

	it("cannot change the result by writing after they settled", async () => {
		let late: ((chunk: Uint8Array) => void) | undefined;
		const { operations } = fakeOperations(async ({ onData }) => {
			onData(encode("on time\n"));
			late = onData;
			return { exitCode: 0, signal: null };
		});
		const { text, details } = await run(createBashTool("/srv", { operations }), { command: "x" });
		late!(encode("too late\n"));
		expect(text).toBe("on time");
		expect(details.output.totalBytes).toBe(8);
	});

	it("that reject make the call fail with their error", async () => {
		const { operations } = fakeOperations(async () => {
			throw new Error("no route to host");
		});
		await expect(run(createBashTool("/srv", { operations }), { command: "x" })).rejects.toThrow(
			"no route to host",
		);
	});
});
