import * as nodePath from "node:path";
import ignore, { type Ignore } from "ignore";
import type { FileOperations } from "../types.js";

interface IgnoreLayer {
	/** The folder whose `.gitignore` the rules come from. */
	base: string;
	rules: Ignore;
}

function toPosix(path: string): string {
	return nodePath.sep === "/" ? path : path.split(nodePath.sep).join("/");
}

/** `path` relative to `base` with `/`, or `undefined` unless strictly below it. Walks call this per entry. */
function relativeBelow(base: string, path: string): string | undefined {
	const prefix = base.endsWith(nodePath.sep) ? base : base + nodePath.sep;
	if (!path.startsWith(prefix) || path.length === prefix.length) return undefined;
	return toPosix(path.slice(prefix.length));
}

/**
 * The `.gitignore` rules in force in a folder: one layer per `.gitignore` from the top
 * down. A deeper file wins over a shallower one, as in git: its negation (`!keep.log`)
 * brings back what a parent's rule ignored.
 */
export class IgnoreRules {
	static readonly empty = new IgnoreRules([]);

	private constructor(private readonly layers: readonly IgnoreLayer[]) {}

	/** These rules plus those of a `.gitignore` in `base`. */
	with(base: string, content: string): IgnoreRules {
		// Case-sensitive, as git is by default on Linux; macOS and Windows file systems are not.
		const ignorecase = process.platform === "darwin" || process.platform === "win32";
		return new IgnoreRules([...this.layers, { base, rules: ignore({ ignorecase }).add(content) }]);
	}

	ignores(path: string, isDirectory: boolean): boolean {
		for (let index = this.layers.length - 1; index >= 0; index--) {
			const layer = this.layers[index]!;
			const relative = relativeBelow(layer.base, path);
			if (relative === undefined) continue;
			const result = layer.rules.test(isDirectory ? `${relative}/` : relative);
			if (result.ignored) return true;
			if (result.unignored) return false;
		}
		return false;
	}
}

/** The rules of `folder`'s `.gitignore` added to `rules`, or `rules` if it has none. */
export async function withIgnoreFile(
	operations: FileOperations,
	rules: IgnoreRules,
	folder: string,
): Promise<IgnoreRules> {
	try {
		const bytes = await operations.readFile(nodePath.join(folder, ".gitignore"));
		return rules.with(folder, new TextDecoder().decode(bytes));
	} catch {
		return rules;
	}
}

/**
 * The rules in force in `start`, from `.gitignore` files of the folders between `top`
 * (the workspace root) and `start` (its own excluded: the walk reads it). A start outside
 * `top` gets no inherited rules.
 */
export async function inheritedRules(
	operations: FileOperations,
	top: string,
	start: string,
): Promise<IgnoreRules> {
	const relative = nodePath.relative(top, start);
	if (relative === "" || relative.startsWith("..") || nodePath.isAbsolute(relative)) return IgnoreRules.empty;
	let rules = IgnoreRules.empty;
	let folder = top;
	for (const segment of relative.split(nodePath.sep)) {
		rules = await withIgnoreFile(operations, rules, folder);
		folder = nodePath.join(folder, segment);
	}
	return rules;
}
