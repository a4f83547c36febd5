import { defineConfig } from "vitest/config";
import { sharedTestSettings, sharedWorkerProjects } from "../../scripts/vitest-settings.mjs";

export default defineConfig({
	test: {
		...sharedTestSettings(import.meta.url),
		...sharedWorkerProjects(import.meta.url, ["test/**/*.test.ts"]),
	},
});
