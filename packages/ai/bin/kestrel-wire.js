#!/usr/bin/env node
// The `kestrel-wire` command: a scripted model server. `pnpm build` writes the module this imports.
import { fileURLToPath } from "node:url";

const entry = new URL("../dist/testing/kestrel-wire/main.js", import.meta.url);
const entryPath = fileURLToPath(entry);
let main;
try {
	main = await import(entry.href);
} catch (error) {
	if (error?.code !== "ERR_MODULE_NOT_FOUND" || !String(error.message).includes(entryPath)) throw error;
	console.error(
		`kestrel-wire is not built: ${entryPath} is missing. Run \`pnpm build\` in the repository first.`,
	);
	process.exit(1);
}
process.exitCode = await main.runKestrelWire(process.argv.slice(2));
