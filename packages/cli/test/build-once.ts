import { execFileSync } from "node:child_process";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

/** Compiles `src` to `dist` (incremental: a no-op when nothing changed), so that `dist/main.js` is current. */
export default function buildOnce(): void {
	const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
	execFileSync(process.execPath, [tsc, "-b"], {
		cwd: fileURLToPath(new URL("..", import.meta.url)),
		stdio: "inherit",
	});
}
