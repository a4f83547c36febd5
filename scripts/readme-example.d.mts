/**
 * The README example of a package: the first ```` ```ts ```` block under its `## Example`
 * heading, and the output block that follows a line starting with "It prints" (when the
 * README shows one).
 * @param packageUrl the package's root as a URL (`new URL("../../", import.meta.url)` from
 * `test/readme/`).
 * @throws Error naming the README when it has no example.
 */
export declare function readReadmeExample(packageUrl: URL): { code: string; output?: string };

/**
 * Runs a package's README example as a user would: writes its code to
 * `<package>/<directory>/example.ts` (default `test/readme/.generated/`, which each package
 * ignores in git) and imports it, under the test's module aliases, so that the example's
 * `@kestrel/...` imports run against the sources. What it prints with `console.log`
 * (parts joined by spaces, objects as JSON, one line each) — and, with `stdout: true`,
 * what it writes to `process.stdout` — is returned in `printed`. Compare `printed` with
 * `output` to pin the README's claim.
 */
export declare function runReadmeExample(
	packageUrl: URL,
	options?: { directory?: string; stdout?: boolean },
): Promise<{ code: string; output?: string; printed: string }>;
