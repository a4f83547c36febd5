import * as nodePath from "node:path";
import type { FileOperations } from "../../types.js";

/**
 * The rules of the `.gitignore` files between the workspace root `top` (included) and
 * the searched folder `start` (excluded), rewritten relative to `start`: what the
 * JavaScript engine inherits (`inheritedRules`), for ripgrep's `--ignore-file`, which
 * matches relative to its working folder (`start`). ripgrep reads `start`'s own
 * `.gitignore` and those below it, and no others (`--no-ignore-parent`).
 *
 * Returns `""` when there are none, and `undefined` when a rule cannot be rewritten
 * exactly (a wildcard in the part of an anchored rule above `start`, a rule that ignores
 * `start` itself or a folder above it, an escaped first character).
 */
export async function inheritedIgnoreRules(
	operations: FileOperations,
	top: string,
	start: string,
): Promise<string | undefined> {
	const relative = nodePath.relative(top, start);
	if (relative === "" || relative.startsWith("..") || nodePath.isAbsolute(relative)) return "";
	const segments = relative.split(nodePath.sep);
	const rules: string[] = [];
	for (let depth = 0; depth < segments.length; depth++) {
		const folder = nodePath.join(top, ...segments.slice(0, depth));
		let content: string;
		try {
			content = new TextDecoder().decode(await operations.readFile(nodePath.join(folder, ".gitignore")));
		} catch {
			continue;
		}
		for (const line of content.split(/\r?\n/)) {
			const rewritten = rewriteRule(line, segments.slice(depth));
			if (rewritten === undefined) return undefined;
			if (rewritten !== "") rules.push(rewritten);
		}
	}
	return rules.join("\n");
}

const WILDCARD = /[*?[]/;

/**
 * One `.gitignore` line of a folder, relative to its subfolder `below` (path segments).
 * `""` for a blank line, a comment or a rule that cannot match under `below`.
 */
export function rewriteRule(line: string, below: readonly string[]): string | undefined {
	const trimmed = line.replace(/[ \t]+$/, "");
	if (trimmed === "" || trimmed.startsWith("#")) return "";
	if (trimmed.startsWith("\\") || trimmed.includes("\\ ")) return undefined;
	const negated = trimmed.startsWith("!");
	let body = negated ? trimmed.slice(1) : trimmed;
	const directoryOnly = body.endsWith("/");
	if (directoryOnly) body = body.slice(0, -1);
	// No slash but a trailing one: the rule matches at any depth, below `below` too.
	if (!body.includes("/") || body.startsWith("**/")) return trimmed;
	const parts = body.replace(/^\//, "").split("/");
	for (const segment of below) {
		const part = parts.shift();
		if (part === undefined) return undefined; // names `below` or a folder above it
		if (part === "**" || WILDCARD.test(part)) return undefined;
		if (part !== segment) return "";
	}
	if (parts.length === 0) return undefined;
	return `${negated ? "!" : ""}/${parts.join("/")}${directoryOnly ? "/" : ""}`;
}
