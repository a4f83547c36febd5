import { describe, expect, it } from "vitest";
import { CliError } from "../../src/cli-error.js";
import { validateModelsFile } from "../../src/models/validate-models-file.js";

const FILE = "/home/me/.kestrel/models.json";

function problemsOf(value: unknown): string {
	try {
		validateModelsFile(value, FILE);
	} catch (error) {
		expect(error).toBeInstanceOf(CliError);
		return (error as Error).message;
	}
	throw new Error("expected the file to be rejected");
}

/** The "  - …" problem lines of a rejection message, without the bullet. */
function problemLines(message: string): string[] {
	return message
		.split("\n")
		.filter((line) => line.startsWith("  - "))
		.map((line) => line.slice(4));
}

describe("validateModelsFile", () => {
	it("accepts a provider with a base URL, an API, an env-var key and models", () => {
		const file = {
			providers: {
				local: {
					baseUrl: "http://localhost:8000/v1",
					api: "openai-completions",
					apiKey: "$KEY",
					models: [{ id: "m" }],
				},
			},
		};
		expect(validateModelsFile(file, FILE)).toEqual(file);
	});

	it("names the file and the dotted key of each problem", () => {
		const message = problemsOf({
			providers: {
				local: { baseUrl: "http://x/v1", api: "soap", models: [{ id: "m", contextWindow: "big" }] },
			},
		});
		expect(message).toContain(FILE);
		expect(problemLines(message)).toEqual([
			'"providers.local.api": must be one of "openai-completions", "openai-responses", "anthropic-messages", "google-generative-ai"',
			'"providers.local.models.0.contextWindow": must be integer',
		]);
		expect(message).toContain("Fix the keys above. The format is:");
	});

	it("reports unknown keys and a missing models list", () => {
		const message = problemsOf({
			providers: { local: { baseUrl: "http://x/v1", api: "openai-completions", url: "y" } },
		});
		expect(problemLines(message)).toEqual([
			'"providers.local": must have required properties models',
			'"providers.local.url": unknown key; remove it',
		]);
	});
});
