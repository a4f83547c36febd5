import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { sharedTestSettings, sharedWorkerProjects } from "../../scripts/vitest-settings.mjs";

const source = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
	resolve: {
		// The README example imports the package by name; the test runs it against the sources.
		alias: [
			{ find: /^@kestrel\/provider-bedrock$/, replacement: source("./src/index.ts") },
			{ find: /^@kestrel\/provider-bedrock\/testing$/, replacement: source("./src/testing/index.ts") },
		],
	},
	test: {
		...sharedTestSettings(import.meta.url),
		...sharedWorkerProjects(import.meta.url, ["test/**/*.test.ts"]),
	},
});
