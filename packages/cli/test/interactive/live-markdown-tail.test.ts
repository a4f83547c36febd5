import { describe, expect, it } from "vitest";
import { liveMarkdownTail } from "../../src/interactive/format/live-markdown-tail.js";

const paragraph = (index: number) => `Paragraph ${index} has **bold** words and some more text to fill it.`;

describe("liveMarkdownTail", () => {
	it("keeps a short message whole", () => {
		expect(liveMarkdownTail("# Title\n\nshort", 100)).toEqual({ text: "# Title\n\nshort", linesBefore: 0 });
	});

	it("cuts a long answer at a paragraph boundary at least minChars before the end", () => {
		const text = Array.from({ length: 200 }, (_, index) => paragraph(index)).join("\n\n");
		const { text: tail, linesBefore } = liveMarkdownTail(text, 1_000);
		expect(tail.length).toBeGreaterThanOrEqual(1_000);
		expect(tail.length).toBeLessThan(1_200);
		expect(tail.startsWith("Paragraph ")).toBe(true);
		expect(text.endsWith(tail)).toBe(true);
		expect(text.slice(0, text.length - tail.length).split("\n")).toHaveLength(linesBefore + 1);
	});

	it("does not cut at a blank line inside a code fence, and puts the opener back when it cuts inside one", () => {
		const code = Array.from({ length: 300 }, (_, index) =>
			index % 5 === 4 ? "" : `const line${index} = ${index};`,
		);
		const text = `Here is the file:\n\n~~~~ts\n${code.join("\n")}\n`;
		const { text: tail, linesBefore } = liveMarkdownTail(text, 500);
		expect(tail.startsWith("~~~~ts\n")).toBe(true);
		expect(text.endsWith(tail.slice("~~~~ts\n".length))).toBe(true);
		expect(linesBefore).toBeGreaterThan(3);

		// A closed fence: the cut after it is an ordinary paragraph boundary.
		const closed = `${text}~~~~\n\n${Array.from({ length: 40 }, (_, index) => paragraph(index)).join("\n\n")}`;
		expect(liveMarkdownTail(closed, 500).text.startsWith("Paragraph ")).toBe(true);
		// ``` does not close a ~~~~ fence.
		const mixed = `~~~~\n\`\`\`\n${"x\n\n".repeat(400)}`;
		expect(liveMarkdownTail(mixed, 100).text.startsWith("~~~~\n")).toBe(true);
	});

	it("costs the same per delta however long the message: the tail stays near minChars", () => {
		let text = "";
		const tails: number[] = [];
		for (let index = 0; index < 2_000; index++) {
			text += `${paragraph(index)}${index % 3 === 2 ? "\n\n" : " "}`;
			tails.push(liveMarkdownTail(text, 2_000).text.length);
		}
		expect(text.length).toBeGreaterThan(100_000);
		expect(Math.max(...tails)).toBeLessThan(2_000 * 5);
	});
});
