import { createHash } from "node:crypto";

/** The longest tool name every provider accepts (OpenAI's and Anthropic's limit). */
export const MAX_TOOL_NAME_LENGTH = 64;
const HASH_LENGTH = 6;

/** A tool (or prompt) as a server names it. */
export interface RealName {
	server: string;
	name: string;
}

/** Replaces every character outside `[a-zA-Z0-9_-]` with `_`. */
export function sanitizeName(text: string): string {
	return text.replace(/[^a-zA-Z0-9_-]/g, "_");
}

function shortHash(real: RealName): string {
	return createHash("sha256").update(`${real.server}\u0000${real.name}`).digest("hex").slice(0, HASH_LENGTH);
}

/**
 * Names `mcp__<server>__<tool>` for every provider: only `[a-zA-Z0-9_-]`, at most 64
 * characters, unique. A name that is too long, or that two tools would share after the
 * other characters became `_`, is cut and ends in `_` plus a short hash of the real
 * server and tool names, so it stays the same from one session to the next. Returns the
 * names in the order of `reals`.
 */
export function exposedNames(reals: readonly RealName[], prefix = "mcp"): string[] {
	const bases = reals.map((real) => sanitizeName(`${prefix}__${real.server}__${real.name}`));
	const counts = new Map<string, number>();
	for (const base of bases) counts.set(base, (counts.get(base) ?? 0) + 1);
	const taken = new Set<string>();
	const names = bases.map((base) => {
		if (base.length <= MAX_TOOL_NAME_LENGTH && counts.get(base) === 1) return base;
		return "";
	});
	for (const name of names) if (name !== "") taken.add(name);
	return names.map((name, index) => {
		if (name !== "") return name;
		const base = bases[index] as string;
		const hash = shortHash(reals[index] as RealName);
		let length = HASH_LENGTH;
		let candidate = `${base.slice(0, MAX_TOOL_NAME_LENGTH - length - 1)}_${hash.slice(0, length)}`;
		// Two real names whose short hashes collide as well: use more of the hash, then a counter.
		while (taken.has(candidate)) {
			length += 2;
			const full = createHash("sha256").update(`${index}\u0000${candidate}`).digest("hex");
			candidate = `${base.slice(0, MAX_TOOL_NAME_LENGTH - length - 1)}_${(hash + full).slice(0, length)}`;
		}
		taken.add(candidate);
		return candidate;
	});
}
