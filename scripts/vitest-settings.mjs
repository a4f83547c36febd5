// The vitest settings every package shares (see vitest-settings.d.mts for what each does).
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
