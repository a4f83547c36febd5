import { existsSync, readFileSync } from "node:fs";
import { dirname, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const SRC = fileURLToPath(new URL("../../src/", import.meta.url));

/** The relative imports of a source file (static, type-only and dynamic), resolved to files. */
function importsOf(file: string): string[] {
	const text = readFileSync(file, "utf8");
	const specifiers = [
		...text.matchAll(/\bfrom\s+["'](\.[^"']+)["']/g),
		...text.matchAll(/\bimport\s*\(\s*["'](\.[^"']+)["']\s*\)/g),
		...text.matchAll(/^\s*import\s+["'](\.[^"']+)["']/gm),
	].map((match) => match[1] as string);
	return specifiers.map((specifier) => {
		const base = resolve(dirname(file), specifier).replace(/\.js$/, "");
		const found = [".ts", ".tsx"].map((ext) => base + ext).find((candidate) => existsSync(candidate));
		if (!found) throw new Error(`${relative(SRC, file)} imports ${specifier}, which is not a source file`);
		return found;
	});
}

/** Every source file `entry` reaches through relative imports, with the path that led there. */
function reachable(entry: string): Map<string, string[]> {
	const paths = new Map<string, string[]>([[entry, [entry]]]);
	const queue = [entry];
	for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
		for (const imported of importsOf(next)) {
			if (paths.has(imported)) continue;
			paths.set(imported, [...(paths.get(next) ?? []), imported]);
			queue.push(imported);
		}
	}
	return paths;
}

const CONTROLLER = resolve(SRC, "interactive/interactive-controller.ts");

describe("the command side's imports", () => {
	it.each([
		"interactive/commands/run-slash-command.ts",
		"interactive/commands/run-pack-command.ts",
		"commands/command-host.ts",
		"commands/app-operations.ts",
		"modes/rpc/rpc-handlers.ts",
	])("%s does not reach the interactive controller", (file) => {
		const paths = reachable(resolve(SRC, file));
		expect(paths.size).toBeGreaterThan(1);
		const path = paths.get(CONTROLLER)?.map((step) => relative(SRC, step));
		expect(path, `import path: ${path?.join(" → ")}`).toBeUndefined();
	});

	it("sees an import of the controller (the check itself works)", () => {
		const paths = reachable(resolve(SRC, "interactive/interactive-mode.ts"));
		expect(paths.get(CONTROLLER)?.map((step) => relative(SRC, step))).toEqual([
			"interactive/interactive-mode.ts",
			"interactive/interactive-controller.ts",
		]);
	});
});
