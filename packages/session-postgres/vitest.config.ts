import { defineConfig } from "vitest/config";
import { sharedTestSettings } from "../../scripts/vitest-settings.mjs";

export default defineConfig({
	test: {
		...sharedTestSettings(import.meta.url),
		include: ["test/**/*.test.ts"],
		// One throwaway PostgreSQL cluster for the run (scripts/postgres-test-cluster.mjs).
		globalSetup: ["../../scripts/postgres-global-setup.mjs"],
	},
});
