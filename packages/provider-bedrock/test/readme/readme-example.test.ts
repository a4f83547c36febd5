import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect, it, vi } from "vitest";

const packageRoot = fileURLToPath(new URL("../../", import.meta.url));

/** The first TypeScript block under the README's "## Example" heading, and the output block after it. */
function readmeExample(): { code: string; output: string } {
	const readme = readFileSync(`${packageRoot}README.md`, "utf8");
	const section = readme.slice(readme.indexOf("## Example"));
	const code = /```ts\n([\s\S]*?)```/.exec(section)?.[1];
	const output = /It prints[^\n]*\n\n```\n([\s\S]*?)```/.exec(section)?.[1];
	if (!code || !output) throw new Error("README.md has no example and output under ## Example");
	return { code, output };
}

it("runs the README example (registerWireApi, a catalogue model, the real AWS SDK) and prints what the README says", async () => {
	const { code, output } = readmeExample();
	const directory = `${packageRoot}test/readme/.generated`;
	mkdirSync(directory, { recursive: true });
	const file = `${directory}/example.ts`;
	writeFileSync(file, code);
	const lines: string[] = [];
	const log = vi.spyOn(console, "log").mockImplementation((line: unknown) => {
		lines.push(String(line));
	});
	try {
		await import(/* @vite-ignore */ file);
	} finally {
		log.mockRestore();
	}
	expect(`${lines.join("\n")}\n`).toBe(output);
});
