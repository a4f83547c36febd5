import { defineConfig } from "vitest/config";

export default defineConfig({
	test: {
		include: ["test/**/*.test.ts"],
		// The end-to-end tests spawn the built binary: build it first.
		globalSetup: ["test/build-once.ts"],
		testTimeout: 30_000,
	},
});
