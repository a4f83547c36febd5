// Bundles the compiled CLI (`dist/main.js`) into `bundle/kestrel.js` plus lazily loaded
// chunks. The `kestrel` bin is the committed `bin/kestrel.js`, which imports it: a bin must
// exist when a package is installed, before anything is built.
//
// Why: Node resolves and links every ES module file on its own. TypeBox alone is about 700
// files, and the SDKs, Ink and the workspace packages add more, so unbundled `kestrel -p`
// spent most of its start-up finding files. Code splitting keeps the CLI's dynamic imports
// (each mode, each provider SDK, the terminal UI) in separate chunks, loaded only when used.
//
// `dist/bundle-meta.json` (esbuild's metafile) says which source modules each chunk holds;
// the lazy-loading test reads it.
//
// Files are written only where their content changed, and stale chunks removed: the CLI's
// test setup bundles again, and a rebuild from the same sources must leave `bundle/`
// untouched, since the packaging tests may be running `pnpm pack` on it at that moment.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = fileURLToPath(new URL("..", import.meta.url));
const outdir = join(root, "bundle");

const result = await build({
	absWorkingDir: root,
	entryPoints: { kestrel: "dist/main.js" },
	outdir: "bundle",
	chunkNames: "chunks/[name]-[hash]",
	bundle: true,
	splitting: true,
	format: "esm",
	platform: "node",
	target: "node20",
	// Ink loads its devtools bridge only when DEV=true; it is an optional peer, not installed.
	external: ["react-devtools-core"],
	// Bundled CommonJS dependencies call `require` for Node built-ins.
	banner: {
		js: "import { createRequire as __kestrelCreateRequire } from 'node:module'; const require = __kestrelCreateRequire(import.meta.url);",
	},
	metafile: true,
	write: false,
	logLevel: "warning",
});
const wanted = new Set(result.outputFiles.map((file) => file.path));
mkdirSync(outdir, { recursive: true });
for (const entry of readdirSync(outdir, { recursive: true, withFileTypes: true })) {
	const path = join(entry.parentPath, entry.name);
	if (entry.isFile() && !wanted.has(path)) rmSync(path);
}
for (const file of result.outputFiles) {
	if (unchanged(file.path, file.contents)) continue;
	mkdirSync(dirname(file.path), { recursive: true });
	writeFileSync(file.path, file.contents);
}
writeFileSync(new URL("../dist/bundle-meta.json", import.meta.url), JSON.stringify(result.metafile));

function unchanged(path, contents) {
	try {
		return readFileSync(path).equals(contents);
	} catch {
		return false;
	}
}
