import { readFile } from "node:fs/promises";
import { modelsFileModels, validateModelsFile } from "@kestrel/ai";
import { describe, expect, it } from "vitest";

describe("the README's models.json examples", () => {
	it("are valid files whose models can be built", async () => {
		const readme = await readFile(new URL("../../README.md", import.meta.url), "utf8");
		const examples = [...readme.matchAll(/```json\n([\s\S]*?)```/g)]
			.map((match) => JSON.parse(match[1] as string) as Record<string, unknown>)
			// Settings examples sit beside them; a models.json example has providers.
			.filter((example) => "providers" in example && typeof example.providers === "object");
		expect(examples.length).toBeGreaterThanOrEqual(2);
		for (const example of examples) {
			const file = { path: "README.md", file: validateModelsFile(example, "README.md") };
			expect(modelsFileModels(file, {}).length).toBeGreaterThan(0);
		}
	});
});
