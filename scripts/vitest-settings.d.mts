import type { InlineConfig } from "vitest/node";

/**
 * How long a test or hook may run before vitest fails it. Only a hang should reach it:
 * no test bounds its own duration (time-based behaviour runs on fake clocks, or with
 * margins of tens of seconds), and a test that takes 2 s on an idle machine takes many
 * times that on a loaded one.
 */
export declare const TEST_TIMEOUT_MS: number;

/** Where each package's JSON report goes, relative to the package (see `scripts/test-summary.mjs`). */
export declare const REPORT_FILE: string;

/**
 * The settings every package's `vitest.config.ts` spreads into its `test` block, given its
 * own `import.meta.url`:
 * - `testTimeout` and `hookTimeout`: {@link TEST_TIMEOUT_MS};
 * - `pool: "threads"`: a thread starts in a fraction of the time of a forked process (0.6–1 s
 *   each, for some 250 files). A test that needs a process of its own spawns one; a name
 *   meant to be unique per test process uses `threadId` along with `process.pid`. Each
 *   file gets a fresh worker unless the package also spreads {@link sharedWorkerProjects};
 * - `maxWorkers` and `maxConcurrency`: `KESTREL_TEST_WORKERS` when set. `scripts/run-tests.mjs`
 *   (the root `pnpm test`) sets it to the cores each of turbo's concurrent tasks has, so that
 *   the test files running at once, and the `it.concurrent` tests of a file (each may spawn a
 *   compiler or a CLI), fit the machine. A plain `vitest` run in a package keeps vitest's
 *   defaults;
 * - `reporters`: vitest's default one, plus a JSON report in {@link REPORT_FILE} from which
 *   `scripts/test-summary.mjs` lists the failed tests at the end of `scripts/test.sh`.
 */
export declare function sharedTestSettings(
	configUrl: string,
): Pick<InlineConfig, "testTimeout" | "hookTimeout" | "pool" | "maxWorkers" | "maxConcurrency" | "reporters">;

/**
 * The test files of a package as two vitest projects, to spread into its `test` block in
 * place of `include`: `shared`, whose files share their workers (`isolate: false`: the
 * package's modules and its SDKs are loaded once per worker, not once per file; the
 * harness's suite ran in 10 s instead of 31 s), and `isolated`, the files that mock modules
 * (`vi.mock`, found in their text) or that `options.isolated` names (paths relative to the
 * package), each in a fresh worker. A file in `shared` must leave no state behind: restore
 * fake timers, spies and environment variables, close what it opened.
 */
export declare function sharedWorkerProjects(
	configUrl: string,
	include: string[],
	options?: { isolated?: string[] },
): Required<Pick<InlineConfig, "projects">>;
