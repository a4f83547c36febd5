import { defineConfig } from "vitest/config";
import { sharedTestSettings, sharedWorkerProjects } from "../../scripts/vitest-settings.mjs";

export default defineConfig({
	test: {
		...sharedTestSettings(import.meta.url),
		...sharedWorkerProjects(import.meta.url, ["test/**/*.test.ts"]),
		// The end-to-end tests spawn the built binary: build it first. The session store tests
		// use a throwaway PostgreSQL cluster (scripts/postgres-test-cluster.mjs).
		globalSetup: ["test/build-once.ts", "../../scripts/postgres-global-setup.mjs"],
	},
});
