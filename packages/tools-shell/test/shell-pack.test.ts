import { type AgentTool, callEffect, ToolPackSet } from "@kestrel/agent-core";
import { describe, expect, it } from "vitest";
import { shellToolPack, toolPack } from "../src/pack/shell-pack.js";

describe("the shell pack", () => {
	it("offers bash, declared as running commands that reach the network", () => {
		const pack = shellToolPack("/work");
		expect(pack.name).toBe("shell");
		const [bash] = pack.tools();
		expect(bash?.name).toBe("bash");
		expect(callEffect(bash?.effects, { command: "ls" })).toEqual({ kind: "execute" });
		expect(bash?.effects?.openWorld).toBe(true);
	});

	it("shows a call as its command and keeps the end of the output", () => {
		const bash = shellToolPack("/work").tools()[0] as AgentTool;
		expect(bash.display?.summary?.({ command: "npm test" })).toBe("$ npm test");
		expect(bash.display?.result?.({ content: [{ type: "text", text: "a\nb" }], details: undefined })).toEqual(
			{
				kind: "text",
				keep: "tail",
				text: "a\nb",
			},
		);
	});

	it("gives its guidelines only while bash is active", () => {
		const set = new ToolPackSet([shellToolPack("/work")]);
		expect(set.guidelines([]).join("")).toBe("");
		expect(set.guidelines(set.tools().map(({ tool }) => tool)).join("")).toContain("Use `bash`");
	});

	it("keeps the context's secret variables from commands", async () => {
		process.env.KESTREL_PACK_TEST_SECRET = "s3cret";
		try {
			const pack = toolPack.create({
				cwd: process.cwd(),
				settings: {},
				secretVariables: ["KESTREL_PACK_TEST_SECRET"],
				logDir: "/tmp",
				warn: () => {},
			});
			const bash = pack.tools()[0] as AgentTool;
			const result = await bash.execute(
				"1",
				{ command: 'printenv KESTREL_PACK_TEST_SECRET || echo "[gone]"' },
				new AbortController().signal,
				() => {},
			);
			const text = result.content.map((part) => (part.type === "text" ? part.text : "")).join("");
			expect(text).toContain("[gone]");
			expect(text).not.toContain("s3cret");
		} finally {
			delete process.env.KESTREL_PACK_TEST_SECRET;
		}
	});
});

describe("bash's display facts", () => {
	it("says how the command ended, how long it took and where the full output is", () => {
		const bash = shellToolPack("/work").tools()[0] as AgentTool;
		const details = {
			status: "exited",
			exitCode: 2,
			durationMs: 2340,
			output: { truncated: true, shownLines: 40, totalLines: 900, fullOutputPath: "/tmp/out.log" },
		};
		expect(bash.display?.facts?.({ content: [], details })).toEqual([
			"exit 2",
			"2.3 s",
			"showed 40 of 900 lines; full output in /tmp/out.log",
		]);
		expect(
			bash.display?.facts?.({ content: [], details: { status: "timed_out", durationMs: 1000 } }),
		).toEqual(["timed out", "1.0 s"]);
	});
});
