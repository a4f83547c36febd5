import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { encodeOpenAICompletionsStream } from "@kestrel/ai/testing";
import { afterEach, describe, expect, it } from "vitest";
import { type CliFixture, createCliFixture } from "./cli-fixture.js";

let fixture: CliFixture | undefined;
afterEach(async () => {
	await fixture?.close();
	fixture = undefined;
});

describe("startup", () => {
	it("--version prints the package version", async () => {
		fixture = await createCliFixture();
		const { version } = JSON.parse(await readFile(new URL("../../package.json", import.meta.url), "utf8"));
		const result = await fixture.run(["--version"]);
		expect(result).toMatchObject({ code: 0, stdout: `${version}\n`, stderr: "" });
	});

	it("--help lists the flags and names the RPC guide by where the package has it on disk", async () => {
		fixture = await createCliFixture();
		const result = await fixture.run(["--help"]);
		expect(result.code).toBe(0);
		for (const flag of ["--model", "--approve", "--no-session", "--list-models", "--mode", "--print"]) {
			expect(result.stdout).toContain(flag);
		}
		const guide = /the protocol: (\S+)\)/.exec(result.stdout)?.[1];
		expect(guide).toBe(fileURLToPath(new URL("../../docs/rpc.md", import.meta.url)));
		expect(existsSync(guide as string)).toBe(true);
	});

	it("with no model, no key and no local server, exits 1 showing each way to configure one", async () => {
		fixture = await createCliFixture({ modelsFile: false });
		const result = await fixture.run(["-p", "hi"]);
		expect(result.code).toBe(1);
		for (const hint of [
			"ANTHROPIC_API_KEY",
			"--api-key",
			"models.json",
			"Ollama",
			"llama.cpp",
			"LM Studio",
		]) {
			expect(result.stderr).toContain(hint);
		}
	});

	it("with nothing configured, uses the first model a local server lists", async () => {
		fixture = await createCliFixture({ modelsFile: false });
		fixture.server.enqueue(
			{
				headers: { "content-type": "application/json" },
				body: JSON.stringify({ data: [{ id: "qwen-local" }] }),
			},
			{
				body: encodeOpenAICompletionsStream({
					blocks: [{ type: "text", text: "Hello from the local model." }],
				}),
			},
		);
		const port = new URL(fixture.server.url).port;
		// A generous probe timeout: a loaded test machine may take longer than the default 300 ms.
		const result = await fixture.run(["-p", "hi"], {
			env: { KESTREL_LOCAL_SERVER_PORTS: port, KESTREL_LOCAL_SERVER_TIMEOUT_MS: "30000" },
		});
		expect(result.stderr).toBe("");
		expect(result.stdout).toBe("Hello from the local model.\n");
		expect(fixture.server.requests[0]?.path).toBe("/v1/models");
		expect(fixture.server.requests[1]?.body).toMatchObject({ model: "qwen-local" });
	});

	it("interactive mode without a terminal exits 2 and names the modes for scripts", async () => {
		fixture = await createCliFixture();
		const result = await fixture.run(["hello"]);
		expect(result.code).toBe(2);
		expect(result.stderr).toContain("Interactive mode needs a terminal");
		expect(result.stderr).toContain("--mode json");
	});

	it("--list-models shows catalogue and models.json models, whether a key is set, and never the key", async () => {
		fixture = await createCliFixture();
		const result = await fixture.run(["--list-models"]);
		expect(result.code).toBe(0);
		expect(result.stdout).toMatch(/anthropic\/claude-sonnet-5-5\s+\S+\s+missing \(ANTHROPIC_API_KEY\)/);
		expect(result.stdout).toMatch(/wire\/claude-wire\s+200K\s+set/);
		expect(result.stdout).not.toContain("sk-wire-secret-key");
	});
});
