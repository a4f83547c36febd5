/** The README's in-memory example, as written there. */
import { createFsTools } from "@kestrel/tools-fs";
import { MemoryFileOperations } from "@kestrel/tools-fs/testing";
import { expect, it } from "vitest";

it("runs the README's testing example", async () => {
	const files = new MemoryFileOperations({ "/work/src/cart.ts": "export function total() {}\n" });
	const tools = createFsTools("/work", { operations: files });
	await tools.edit.execute(
		"call_1",
		{
			path: "src/cart.ts",
			edits: [{ oldText: "function total", newText: "function sum" }],
		},
		new AbortController().signal,
		() => {},
	);
	expect(files.getText("/work/src/cart.ts")).toBe("export function sum() {}\n");
});
