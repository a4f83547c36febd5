import { defineConfig } from "vitest/config";
import { sharedTestSettings } from "../../scripts/vitest-settings.mjs";

export default defineConfig({
	test: {
		...sharedTestSettings(import.meta.url),
		include: ["test/**/*.test.ts"],
		// One throwaway PostgreSQL cluster for the run: inject("postgresUrl").
		globalSetup: ["../../scripts/postgres-global-setup.mjs"],
	},
});
