function globToRegExp(pattern: string): RegExp {
	const source = pattern.replace(/[.+^${}()|[\]\\*?]/g, (character) =>
		character === "*" ? ".*" : character === "?" ? "." : `\\${character}`,
	);
	return new RegExp(`^${source}$`);
}

/**
 * The `allow` / `deny` rule of one server: names as the server gives them, `*` and `?`
 * as wildcards. A name passes when `allow` is absent or matches it, and `deny` does not.
 */
export function toolFilter(
	allow: readonly string[] | undefined,
	deny: readonly string[],
): (name: string) => boolean {
	const allowed = allow?.map(globToRegExp);
	const denied = deny.map(globToRegExp);
	return (name) =>
		(allowed === undefined || allowed.some((pattern) => pattern.test(name))) &&
		!denied.some((pattern) => pattern.test(name));
}
