import { execFileSync } from "node:child_process";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

/**
 * Builds what the tests run, the way `pnpm build` does: compiles `src` to `dist`
 * (incremental: a no-op when nothing changed), then bundles `bin/kestrel.js`.
 */
export default function buildOnce(): void {
	const cwd = fileURLToPath(new URL("..", import.meta.url));
	const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
	execFileSync(process.execPath, [tsc, "-b"], { cwd, stdio: "inherit" });
	execFileSync(process.execPath, ["scripts/bundle.mjs"], { cwd, stdio: "inherit" });
}
