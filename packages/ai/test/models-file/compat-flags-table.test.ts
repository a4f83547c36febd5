import { readFile } from "node:fs/promises";
import { Type } from "typebox";
import { describe, expect, it } from "vitest";
import { compatFlagsTable } from "../../src/models-file/compat-flags-table.js";
import { builtInWireApis } from "../../src/providers/built-in-wire-apis.js";
import { echoWireApi } from "./echo-wire-api.js";

describe("compatFlagsTable", () => {
	it("renders one row per flag with its values and description, escaping pipes", () => {
		expect(compatFlagsTable(echoWireApi)).toBe(
			[
				"| flag | values | meaning |",
				"| --- | --- | --- |",
				"| `shout` | `true`, `false` | Answer in capitals. |",
				"| `dialect` | `plain`, `fancy` | How \\| it talks. |",
			].join("\n"),
		);
		expect(compatFlagsTable({ api: "bare", compat: Type.Object({}) })).toBe("`bare` has no compat flags.");
	});

	it("is in docs/models.md for every built-in API, under a heading that names the API", async () => {
		const docs = await readFile(new URL("../../docs/models.md", import.meta.url), "utf8");
		for (const module of builtInWireApis()) {
			expect(docs, `the compat table of ${module.api}`).toContain(
				`### \`${module.api}\`\n\n${compatFlagsTable(module)}\n`,
			);
		}
	});
});
