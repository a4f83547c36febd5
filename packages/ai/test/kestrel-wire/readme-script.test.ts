import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { parseConversationScript } from "../../src/testing/kestrel-wire/parse-script.js";

describe("the README's conversation script", () => {
	it("is a valid script", async () => {
		const readme = await readFile(new URL("../../README.md", import.meta.url), "utf8");
		const scripts = [...readme.matchAll(/```json\n([\s\S]*?)```/g)]
			.map((match) => match[1] as string)
			.filter((text) => text.includes('"replies"'));
		expect(scripts).toHaveLength(1);
		const script = parseConversationScript(scripts[0] as string, "README.md");
		expect(script.replies).toHaveLength(3);
	});
});
