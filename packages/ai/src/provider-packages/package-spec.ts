import { homedir } from "node:os";
import { isAbsolute, join, resolve } from "node:path";

/**
 * Whether a provider package is named by a path (absolute, `./…`, `../…` or `~/…`) rather
 * than by a package name such as `@kestrel/provider-bedrock`.
 */
export function isPackagePath(spec: string): boolean {
	return (
		isAbsolute(spec) ||
		spec === "." ||
		spec === ".." ||
		spec === "~" ||
		/^\.{1,2}[\\/]/.test(spec) ||
		spec.startsWith("~/")
	);
}

/** A package path made absolute: `~` is the user's home folder, a relative path is resolved against `baseDir`. */
export function resolvePackagePath(spec: string, baseDir: string): string {
	if (spec === "~") return homedir();
	if (spec.startsWith("~/")) return join(homedir(), spec.slice(2));
	return resolve(baseDir, spec);
}
