// Fails when the folders of a package's `src/` import each other in a cycle: inside a
// package, imports between folders point one way only (docs/ARCHITECTURE.md). Run by
// `pnpm lint`.
//
// A node is a folder under `src/`; a file directly in `src/` is a node of its own (an
// `index.ts` that re-exports everything, a `types.ts` that everything reads). Only imports
// that exist at run time count: `import type` and `export type` are erased, and a type may
// be derived from the modules that define it (`KnownApi` from the registered wire APIs).
// Tests (`*.test.ts`) are not part of the layering.
//
//   node scripts/check-folder-cycles.mjs [package folder…]   (default: packages/*)
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

const RUNTIME_IMPORT = /^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\s+from\s+)?["'](\.{1,2}\/[^"']+)["']/gm;

const packages =
	process.argv.length > 2
		? process.argv.slice(2).map((folder) => resolve(folder))
		: readdirSync(join(ROOT, "packages")).map((name) => join(ROOT, "packages", name));

let problems = 0;
for (const folder of packages) {
	const src = join(folder, "src");
	if (!isFolder(src)) continue;
	const edges = folderEdges(src);
	for (const cycle of cycles(edges)) {
		problems += 1;
		console.error(`${relative(ROOT, src)}: the folders ${cycle.join(", ")} import each other in a cycle:`);
		for (const from of cycle)
			for (const [to, files] of edges.get(from) ?? [])
				if (cycle.includes(to)) console.error(`  ${from} -> ${to}  (${files.slice(0, 3).join(", ")})`);
	}
}
if (problems > 0) {
	console.error(
		`\n${problems} import cycle${problems === 1 ? "" : "s"} between folders: move the shared code down a level.`,
	);
	process.exit(1);
}

function isFolder(path) {
	try {
		return statSync(path).isDirectory();
	} catch {
		return false;
	}
}

function* sourceFiles(folder) {
	for (const entry of readdirSync(folder, { withFileTypes: true })) {
		const path = join(folder, entry.name);
		if (entry.isDirectory()) yield* sourceFiles(path);
		else if (entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") && !entry.name.endsWith(".d.ts"))
			yield path;
	}
}

/** The node of a file: its folder under `src/`, or the file itself when it sits in `src/`. */
function nodeOf(src, file) {
	const path = relative(src, file).split(sep).join("/");
	const folder = dirname(path);
	return folder === "." ? path : folder;
}

/** from node -> (to node -> the files that import across). */
function folderEdges(src) {
	const edges = new Map();
	for (const file of sourceFiles(src)) {
		const from = nodeOf(src, file);
		for (const match of readFileSync(file, "utf8").matchAll(RUNTIME_IMPORT)) {
			const target = resolve(dirname(file), match[1]).replace(/\.js$/, ".ts");
			const to = nodeOf(src, target);
			if (to === from) continue;
			if (!edges.has(from)) edges.set(from, new Map());
			const files = edges.get(from).get(to) ?? [];
			files.push(relative(src, file).split(sep).join("/"));
			edges.get(from).set(to, files);
		}
	}
	return edges;
}

/** The strongly connected components of more than one node (Tarjan). */
function cycles(edges) {
	const index = new Map();
	const low = new Map();
	const stack = [];
	const onStack = new Set();
	const found = [];
	let counter = 0;
	const visit = (node) => {
		index.set(node, counter);
		low.set(node, counter);
		counter += 1;
		stack.push(node);
		onStack.add(node);
		for (const next of edges.get(node)?.keys() ?? []) {
			if (!index.has(next)) {
				visit(next);
				low.set(node, Math.min(low.get(node), low.get(next)));
			} else if (onStack.has(next)) low.set(node, Math.min(low.get(node), index.get(next)));
		}
		if (low.get(node) !== index.get(node)) return;
		const component = [];
		let member;
		do {
			member = stack.pop();
			onStack.delete(member);
			component.push(member);
		} while (member !== node);
		if (component.length > 1) found.push(component.sort());
	};
	for (const node of edges.keys()) if (!index.has(node)) visit(node);
	return found;
}
