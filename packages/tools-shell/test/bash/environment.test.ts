import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildChildEnvironment } from "../../src/bash/environment.js";
import { createBashTool, providerKeyVariables } from "../../src/index.js";
import { run, useTempDir } from "../helpers.js";

const printKeys = 'echo "[$OPENAI_API_KEY][$ANTHROPIC_API_KEY][$ACME_API_KEY][$KESTREL_PLAIN]"';

describe("bash: the command's environment", () => {
	const tempDir = useTempDir();
	const saved = { ...process.env };
	beforeEach(() => {
		process.env.OPENAI_API_KEY = "sk-openai";
		process.env.ANTHROPIC_API_KEY = "sk-anthropic";
		process.env.ACME_API_KEY = "acme";
		process.env.KESTREL_PLAIN = "plain";
	});
	afterEach(() => {
		for (const name of ["OPENAI_API_KEY", "ANTHROPIC_API_KEY", "ACME_API_KEY", "KESTREL_PLAIN"]) {
			if (saved[name] === undefined) delete process.env[name];
			else process.env[name] = saved[name];
		}
	});

	it("lacks the provider API keys set in the parent, and keeps other variables", async () => {
		const { text, details } = await run(createBashTool(tempDir()), { command: printKeys });
		expect(text).toBe("[][][][plain]");
		expect(details.removedEnv).toEqual(
			expect.arrayContaining(["ACME_API_KEY", "ANTHROPIC_API_KEY", "OPENAI_API_KEY"]),
		);
		expect(details.removedEnv).not.toContain("KESTREL_PLAIN");
	});

	it("keeps a key the caller passes on purpose, through passEnv or env", async () => {
		const tool = createBashTool(tempDir(), { passEnv: ["OPENAI_API_KEY"], env: { ACME_API_KEY: "given" } });
		const { text, details } = await run(tool, { command: printKeys });
		expect(text).toBe("[sk-openai][][given][plain]");
		expect(details.removedEnv).not.toContain("OPENAI_API_KEY");
	});

	it("reads the parent's environment at each call", async () => {
		const tool = createBashTool(tempDir());
		process.env.KESTREL_PLAIN = "changed";
		expect((await run(tool, { command: printKeys })).text).toBe("[][][][changed]");
	});
});

describe("buildChildEnvironment", () => {
	it("removes every listed provider variable and any *_API_KEY, in any case", () => {
		const parent = Object.fromEntries(
			[...providerKeyVariables, "my_api_key", "PATH"].map((name) => [name, "x"]),
		);
		const { env, removed } = buildChildEnvironment(parent);
		expect(env).toEqual({ PATH: "x" });
		expect(removed).toEqual([...providerKeyVariables, "my_api_key"].sort());
	});

	it("keeps tokens unless stripEnv names them; a /g pattern answers the same every time", () => {
		const parent = { GITHUB_TOKEN: "a", NPM_TOKEN: "b", SECRET: "c", HOME: "/home" };
		expect(buildChildEnvironment(parent).env).toEqual(parent);
		const { env, removed } = buildChildEnvironment(parent, { stripEnv: [/_TOKEN$/g, "SECRET"] });
		expect(env).toEqual({ HOME: "/home" });
		expect(removed).toEqual(["GITHUB_TOKEN", "NPM_TOKEN", "SECRET"]);
	});

	it("lets passEnv win over the rules, sets env on top and removes names set to undefined", () => {
		const parent = { OPENAI_API_KEY: "k", GITHUB_TOKEN: "t", HOME: "/home", EDITOR: "vim" };
		const { env, removed } = buildChildEnvironment(parent, {
			passEnv: ["OPENAI_API_KEY", "GITHUB_TOKEN"],
			stripEnv: ["GITHUB_TOKEN"],
			env: { EDITOR: undefined, CI: "1" },
		});
		expect(env).toEqual({ OPENAI_API_KEY: "k", GITHUB_TOKEN: "t", HOME: "/home", CI: "1" });
		expect(removed).toEqual([]);
	});
});
