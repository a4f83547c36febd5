import { readFileSync } from "node:fs";

/** The install line a missing-SDK error names: the package at its peer range in package.json. */
export function installLine(packageName: string): string {
	const manifest = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as {
		peerDependencies?: Record<string, string>;
	};
	const range = manifest.peerDependencies?.[packageName];
	if (range === undefined) throw new Error(`${packageName} is not a peer dependency of @kestrel/ai`);
	return `npm install ${packageName}@${range}`;
}
