import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const PACKAGE_NAME = "@kestrel/cli";

/**
 * Where a document of the package's `docs/` folder is on disk (`rpc.md` →
 * `…/node_modules/@kestrel/cli/docs/rpc.md`), for help and messages that send the user to it:
 * the installed copy, not a path in the repository. Found from this module's location, which
 * is `bundle/kestrel.js`, a chunk in `bundle/chunks/`, or a file in `dist/` or `src/`: the
 * package is the nearest folder above with its package.json. Reads files, so call it only
 * when the path is shown. A file that is not there is named by its path in the package.
 */
export function packageDocPath(name: string): string {
	const root = packageRoot(dirname(fileURLToPath(import.meta.url)));
	const path = root === undefined ? undefined : join(root, "docs", name);
	return path !== undefined && existsSync(path) ? path : `${PACKAGE_NAME}/docs/${name}`;
}

function packageRoot(from: string): string | undefined {
	for (let folder = from; ; folder = dirname(folder)) {
		if (isThisPackage(join(folder, "package.json"))) return folder;
		if (dirname(folder) === folder) return undefined;
	}
}

function isThisPackage(manifestPath: string): boolean {
	try {
		return (JSON.parse(readFileSync(manifestPath, "utf8")) as { name?: unknown }).name === PACKAGE_NAME;
	} catch {
		return false;
	}
}
