// The vitest settings every package shares (see vitest-settings.d.mts for what each does).
import { globSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const TEST_TIMEOUT_MS = 120_000;
export const REPORT_FILE = ".test-results/vitest.json";

export function sharedTestSettings(configUrl) {
	const workers = Number.parseInt(process.env.KESTREL_TEST_WORKERS ?? "", 10);
	return {
		testTimeout: TEST_TIMEOUT_MS,
		hookTimeout: TEST_TIMEOUT_MS,
		pool: "threads",
		...(workers > 0 ? { maxWorkers: workers, maxConcurrency: workers } : {}),
		reporters: ["default", ["json", { outputFile: fileURLToPath(new URL(REPORT_FILE, configUrl)) }]],
	};
}

/** A test file that mocks modules needs them loaded afresh: it runs in a worker of its own. */
const MOCKS_MODULES = /\bvi\s*\.\s*(?:do)?[mM]ock\s*\(/;

export function sharedWorkerProjects(configUrl, include, options = {}) {
	const root = fileURLToPath(new URL(".", configUrl));
	const files = [...new Set(include.flatMap((pattern) => globSync(pattern, { cwd: root })))].sort();
	const listed = new Set(options.isolated ?? []);
	const isolated = files.filter(
		(file) => listed.has(file) || MOCKS_MODULES.test(readFileSync(join(root, file), "utf8")),
	);
	const projects = [
		{
			extends: true,
			test: { name: "shared", include, exclude: ["**/node_modules/**", ...isolated], isolate: false },
		},
	];
	if (isolated.length > 0)
		projects.push({ extends: true, test: { name: "isolated", include: isolated, isolate: true } });
	return { projects };
}
