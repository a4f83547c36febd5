import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const sourceRoot = fileURLToPath(new URL("../src/", import.meta.url));

/** Relative specifiers of `import … from`, `export … from` and `import("…")`. */
const RELATIVE_IMPORT = /(?:from\s+|import\s*\(\s*)["'](\.{1,2}\/[^"']+)["']/g;

function sourceFiles(directory: string): string[] {
	return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
		const path = join(directory, entry.name);
		if (entry.isDirectory()) return sourceFiles(path);
		return entry.name.endsWith(".ts") ? [path] : [];
	});
}

/**
 * The folder a file belongs to, relative to src (`.` for the root's contract modules).
 * `index.ts` is the package's entry, above everything: its own node.
 */
function folderOf(file: string): string {
	const path = relative(sourceRoot, file);
	if (path === "index.ts") return "(entry)";
	const folder = dirname(path);
	return folder === "" ? "." : folder;
}

/** Folder → the folders its files import from (type-only imports included). */
function folderGraph(): Map<string, Set<string>> {
	const graph = new Map<string, Set<string>>();
	for (const file of sourceFiles(sourceRoot)) {
		const from = folderOf(file);
		const targets = graph.get(from) ?? new Set<string>();
		graph.set(from, targets);
		for (const match of readFileSync(file, "utf8").matchAll(RELATIVE_IMPORT)) {
			const target = resolve(dirname(file), match[1]!.replace(/\.js$/, ".ts"));
			const to = folderOf(target);
			if (to !== from) targets.add(to);
		}
	}
	return graph;
}

/** The first cycle found, as a path that starts and ends on the same folder; `undefined` if none. */
export function findCycle(graph: ReadonlyMap<string, ReadonlySet<string>>): string[] | undefined {
	const done = new Set<string>();
	const path: string[] = [];
	const visit = (node: string): string[] | undefined => {
		const open = path.indexOf(node);
		if (open >= 0) return [...path.slice(open), node];
		if (done.has(node)) return undefined;
		path.push(node);
		for (const next of graph.get(node) ?? []) {
			const cycle = visit(next);
			if (cycle) return cycle;
		}
		path.pop();
		done.add(node);
		return undefined;
	};
	for (const node of graph.keys()) {
		const cycle = visit(node);
		if (cycle) return cycle;
	}
	return undefined;
}

describe("the import graph of src/ folders", () => {
	it("has no cycle: arrows only point downward between folders", () => {
		const graph = folderGraph();
		expect(graph.size).toBeGreaterThan(4);
		expect(findCycle(graph)).toBeUndefined();
	});

	it("puts the per-run state below both loop/ and tools/", () => {
		const graph = folderGraph();
		expect([...(graph.get("loop") ?? [])]).toEqual(expect.arrayContaining(["run", "tools"]));
		expect([...(graph.get("tools") ?? [])]).toContain("run");
		expect([...(graph.get("run") ?? [])]).not.toContain("loop");
		expect([...(graph.get("run") ?? [])]).not.toContain("tools");
	});

	it("finds a cycle when there is one (the check itself works)", () => {
		const graph = new Map([
			["loop", new Set(["tools", "run"])],
			["tools", new Set(["loop"])],
			["run", new Set<string>()],
		]);
		expect(findCycle(graph)).toEqual(["loop", "tools", "loop"]);
	});
});
