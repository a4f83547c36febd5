import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { apiKeyVariables, getProviders } from "@kestrel/ai";
import { describe, expect, it } from "vitest";
import { withoutApiKey } from "../../src/secrets/key-handover.js";
import {
	isStandardKeyVariable,
	keyVariablesIn,
	modelsFileKeyVariables,
} from "../../src/secrets/key-variables.js";

describe("withoutApiKey", () => {
	it("takes --api-key <key> and --api-key=<key> out of the arguments, up to --", () => {
		expect(withoutApiKey(["-p", "--api-key", "sk-1", "hi"])).toEqual({ rest: ["-p", "hi"], apiKey: "sk-1" });
		expect(withoutApiKey(["--api-key=sk-2", "-p", "hi"])).toEqual({ rest: ["-p", "hi"], apiKey: "sk-2" });
		expect(withoutApiKey(["-p", "--", "--api-key", "x"])).toEqual({ rest: ["-p", "--", "--api-key", "x"] });
		// Without a value commander reports the missing argument.
		expect(withoutApiKey(["--api-key"])).toEqual({ rest: ["--api-key"] });
	});
});

describe("key variables", () => {
	it("cover every key variable @kestrel/ai reads", () => {
		const names = getProviders().flatMap((provider) => [...apiKeyVariables(provider)]);
		expect(names.length).toBeGreaterThan(0);
		expect(names.filter((name) => !isStandardKeyVariable(name))).toEqual([]);
	});

	it("include the variables models.json reads keys from, when set", async () => {
		const home = await mkdtemp(join(tmpdir(), "kestrel-keys-"));
		try {
			const providers = { a: { apiKey: "$MY_SERVER_KEY" }, b: { apiKey: "literal" }, c: {} };
			await writeFile(join(home, "models.json"), JSON.stringify({ providers }));
			const names = modelsFileKeyVariables({ KESTREL_HOME: home });
			expect(names).toEqual(["MY_SERVER_KEY"]);
			const env = { MY_SERVER_KEY: "k1", OPENAI_API_KEY: "k2", EMPTY_API_KEY: "", HOME: "/h" };
			expect(keyVariablesIn(env, names)).toEqual(["MY_SERVER_KEY", "OPENAI_API_KEY"]);
			expect(modelsFileKeyVariables({ KESTREL_HOME: join(home, "missing") })).toEqual([]);
		} finally {
			await rm(home, { recursive: true, force: true });
		}
	});
});
