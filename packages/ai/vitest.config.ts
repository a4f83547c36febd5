import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { sharedTestSettings, sharedWorkerProjects } from "../../scripts/vitest-settings.mjs";

const source = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
	resolve: {
		// Documentation examples import the package by name; tests run them against the sources.
		alias: [
			{ find: /^@kestrel\/ai$/, replacement: source("./src/index.ts") },
			{ find: /^@kestrel\/ai\/testing$/, replacement: source("./src/testing/index.ts") },
		],
	},
	test: {
		...sharedTestSettings(import.meta.url),
		...sharedWorkerProjects(import.meta.url, ["test/**/*.test.ts"]),
	},
});
