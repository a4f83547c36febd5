import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * Builds what the tests run, the way `pnpm build` does: compiles `src` to `dist`
 * (incremental: a no-op when nothing changed), then bundles `bin/kestrel.js`.
 */
export default function buildOnce(): void {
	const cwd = fileURLToPath(new URL("..", import.meta.url));
	execFileSync(process.execPath, [tscPath(), "-b"], { cwd, stdio: "inherit" });
	execFileSync(process.execPath, ["scripts/bundle.mjs"], { cwd, stdio: "inherit" });
}

/** TypeScript 7's `exports` hide `bin/tsc`; its package.json still names the bin. */
function tscPath(): string {
	const manifestPath = createRequire(import.meta.url).resolve("typescript/package.json");
	const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as { bin: { tsc: string } };
	return join(dirname(manifestPath), manifest.bin.tsc);
}
