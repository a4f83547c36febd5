#!/usr/bin/env node
// The `kestrel` command. `pnpm build` writes the bundle this imports (scripts/bundle.mjs).
import { fileURLToPath } from "node:url";

const bundle = new URL("../bundle/kestrel.js", import.meta.url);
const bundlePath = fileURLToPath(bundle);
try {
	await import(bundle.href);
} catch (error) {
	if (error?.code !== "ERR_MODULE_NOT_FOUND" || !String(error.message).includes(bundlePath)) throw error;
	console.error(
		`kestrel is not built: ${bundlePath} is missing. Run \`pnpm build\` in the repository first.`,
	);
	process.exit(1);
}
