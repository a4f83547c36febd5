import { stripVTControlCharacters } from "node:util";
import { describe, expect, it } from "vitest";
import { createMarkdownRenderer } from "../../src/interactive/format/markdown.js";

// Colour depends on the terminal; these assert on the text with any ANSI styles removed.
const render = (text: string) => stripVTControlCharacters(createMarkdownRenderer(60)(text));

describe("terminal markdown", () => {
	it("renders inline styles and links inside tight and loose list items, not their source", () => {
		const tight = render("- item **two** with `code`\n  - nested *em*");
		expect(tight).toContain("item two with code");
		expect(tight).toContain("nested em");
		expect(tight).not.toMatch(/\*\*|`|\*em\*/);
		const loose = render("1. first **b**\n\n2. a [link](https://example.com)");
		expect(loose).toContain("first b");
		expect(loose).toContain("a link");
		expect(loose).not.toContain("**");
	});

	it("marks items with bullets by depth or their numbers, further lines under the item's text", () => {
		expect(render("- outer `a`\n  - inner **b**\n  - inner two\n- outer two").split("\n")).toEqual([
			"  • outer a",
			"    ◦ inner b",
			"    ◦ inner two",
			"  • outer two",
		]);
		expect(render("3. three\n4. four *em*").split("\n")).toEqual(["  3. three", "  4. four em"]);
		expect(render("1. Run:\n   ```\n   npm test\n   ```\n2. Read **it**").split("\n")).toEqual([
			"  1. Run:",
			"       npm test",
			"  2. Read it",
		]);
	});

	it("draws one box per task item, ticked or not", () => {
		const tasks = render("- [x] done\n- [ ] open\n\n- [ ] loose **one**");
		expect(tasks.match(/\[X\]/g)).toHaveLength(1);
		expect(tasks.match(/\[ \]/g)).toHaveLength(2);
		expect(tasks).toMatch(/\[X\] +done/);
		expect(tasks).toContain("loose one");
	});

	it("starts the block after a block of HTML on a line of its own", () => {
		expect(render("<div>\nblock html\n</div>\n\nafter").split("\n")).toEqual([
			"<div>",
			"block html",
			"</div>",
			"",
			"after",
		]);
	});

	it("renders headings, paragraphs and code, and gives back nothing for blank text", () => {
		const rendered = render("# Title\n\nSome **bold** text.\n\n```ts\nconst x = 1;\n```");
		expect(rendered).toContain("# Title");
		expect(rendered).toContain("Some bold text.");
		expect(rendered).toContain("const x = 1;");
		expect(render("  \n")).toBe("");
	});
});
