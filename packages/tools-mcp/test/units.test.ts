// biome-ignore-all lint/suspicious/noTemplateCurlyInString: `${VAR}` is the settings syntax under test.
import { describe, expect, it } from "vitest";
import { expandVariables } from "../src/expand-variables.js";
import { promptArguments, splitWords } from "../src/prompt-commands.js";
import { resolveServer } from "../src/resolve-server.js";
import { exposedNames } from "../src/tool-names.js";

describe("$VAR expansion", () => {
	const env = { TOKEN: "abc", HOST: "example.com" };

	it("expands $VAR, ${VAR} and ${VAR:-default}, leaving a lone $ alone", () => {
		expect(expandVariables("Bearer $TOKEN", env, "x")).toBe("Bearer abc");
		expect(expandVariables("https://${HOST}/mcp?k=${TOKEN}", env, "x")).toBe("https://example.com/mcp?k=abc");
		expect(expandVariables("${MISSING:-none} costs $5", env, "x")).toBe("none costs $5");
	});

	it("throws for a missing variable, naming the field and the variable", () => {
		expect(() => expandVariables("$NOPE", env, "headers.Authorization")).toThrow(
			"headers.Authorization uses $NOPE, which is not set",
		);
	});

	it("expands url, headers and args of a server", () => {
		const context = { cwd: "/work", env, secretVariables: [] };
		const remote = resolveServer(
			"r",
			{ url: "https://$HOST/mcp", headers: { Authorization: "Bearer ${TOKEN}" } },
			context,
		);
		expect(remote).toMatchObject({
			kind: "remote",
			headers: { Authorization: "Bearer abc" },
			transport: "auto",
		});
		expect(remote.kind === "remote" && remote.url.href).toBe("https://example.com/mcp");
		expect(remote.display).toBe("https://$HOST/mcp");
		const local = resolveServer("l", { command: "run", args: ["--host=$HOST"], cwd: "sub" }, context);
		expect(local).toMatchObject({ kind: "stdio", args: ["--host=example.com"], cwd: "/work/sub" });
		expect(() => resolveServer("n", {}, context)).toThrow(/neither "command".*nor "url"/);
		expect(() => resolveServer("s", { type: "sse", url: "ftp://x" }, context)).toThrow(
			/only http: and https:/,
		);
	});
});

describe("tool names", () => {
	it("keeps valid short names, and shortens or disambiguates others with a stable hash", () => {
		const reals = [
			{ server: "git hub", name: "create.issue" },
			{ server: "git_hub", name: "create_issue" },
			{ server: "s", name: "x".repeat(100) },
			{ server: "s", name: "ok" },
		];
		const names = exposedNames(reals);
		expect(names[3]).toBe("mcp__s__ok");
		expect(names[0]).not.toBe(names[1]);
		for (const name of names) expect(name).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
		expect(names[2]).toHaveLength(64);
		expect(exposedNames(reals)).toEqual(names);
		expect(exposedNames([reals[2] as (typeof reals)[number]])[0]).toBe(names[2]);
	});
});

describe("prompt arguments from command text", () => {
	const prompt = {
		name: "review",
		arguments: [
			{ name: "file", required: true },
			{ name: "focus", required: false },
		],
	};

	it("maps words in order, the last argument taking the rest, and key=value by name", () => {
		expect(promptArguments(prompt, "a.ts security and speed", "c")).toEqual({
			file: "a.ts",
			focus: "security and speed",
		});
		expect(promptArguments(prompt, "focus=tests b.ts", "c")).toEqual({ file: "b.ts", focus: "tests" });
		expect(splitWords(`one "two words" 'three' four\\ five`)).toEqual([
			"one",
			"two words",
			"three",
			"four five",
		]);
	});

	it("refuses a missing required argument with the usage", () => {
		expect(() => promptArguments(prompt, "", "mcp__x__review")).toThrow(
			"/mcp__x__review needs file: /mcp__x__review <file> [focus]",
		);
		expect(() => promptArguments({ name: "none" }, "extra", "c")).toThrow(/takes no more words/);
	});
});
