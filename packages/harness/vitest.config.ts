import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { sharedTestSettings, sharedWorkerProjects } from "../../scripts/vitest-settings.mjs";

export default defineConfig({
	resolve: {
		// The README example imports the package by name; the test runs it against the sources.
		alias: [
			{
				find: /^@kestrel\/harness$/,
				replacement: fileURLToPath(new URL("./src/index.ts", import.meta.url)),
			},
			// The run shell's contract suite (agent-core's tests) checks errors with `instanceof
			// AgentError` of agent-core's sources: the harness must extend that same class.
			{
				find: /^@kestrel\/agent-core$/,
				replacement: fileURLToPath(new URL("../agent-core/src/index.ts", import.meta.url)),
			},
		],
	},
	test: {
		...sharedTestSettings(import.meta.url),
		...sharedWorkerProjects(import.meta.url, ["test/**/*.test.ts"]),
	},
});
