import type { JsonSchemaNode } from "./json-schema-node.js";
import { recordValueSchema } from "./settings-keys.js";

/** A key a settings file has and the schema does not know. */
export interface UnknownKey {
	/** Dotted path, e.g. `compaction.treshold`. */
	keyPath: string;
	/** A known key path close to it, e.g. `compaction.threshold`. */
	suggestion?: string;
}

/** Top-level keys that are not settings but are expected in JSON files (editors' schema hint). */
const IGNORED_TOP_LEVEL_KEYS: ReadonlySet<string> = new Set(["$schema"]);

/**
 * The keys of `value` that `schema` (an object schema, followed through nested object
 * schemas) does not declare, each with a suggestion when a known key is close: a sibling
 * within a small edit distance, else a key of the same name elsewhere (`threshold` at the
 * top → `compaction.threshold`). `cleaned` is a copy of `value` without them.
 */
export function findUnknownKeys(
	schema: JsonSchemaNode,
	value: Record<string, unknown>,
): {
	cleaned: Record<string, unknown>;
	unknown: UnknownKey[];
} {
	const known = knownKeyPaths(schema, []);
	const unknown: UnknownKey[] = [];
	const walk = (
		node: JsonSchemaNode,
		object: Record<string, unknown>,
		path: string[],
	): Record<string, unknown> => {
		const properties = node.properties ?? {};
		const cleaned: Record<string, unknown> = {};
		for (const [key, child] of Object.entries(object)) {
			const childSchema = Object.hasOwn(properties, key) ? properties[key] : undefined;
			if (!childSchema) {
				if (path.length === 0 && IGNORED_TOP_LEVEL_KEYS.has(key)) continue;
				const suggestion = suggestKey(key, path, Object.keys(properties), known);
				unknown.push(
					suggestion
						? { keyPath: [...path, key].join("."), suggestion }
						: { keyPath: [...path, key].join(".") },
				);
				continue;
			}
			cleaned[key] = clean(childSchema, child, [...path, key]);
		}
		return cleaned;
	};
	// Objects are walked through their declared keys; a record (`mcpServers`) through each entry.
	const clean = (node: JsonSchemaNode, child: unknown, path: string[]): unknown => {
		if (!isObject(child)) return child;
		if (node.properties) return walk(node, child, path);
		const entrySchema = recordValueSchema(node);
		if (!entrySchema?.properties) return child;
		const entries: Record<string, unknown> = {};
		for (const [name, entry] of Object.entries(child))
			entries[name] = isObject(entry) ? walk(entrySchema, entry, [...path, name]) : entry;
		return entries;
	};
	return { cleaned: walk(schema, value, []), unknown };
}

function knownKeyPaths(schema: JsonSchemaNode, path: string[]): string[][] {
	const properties = schema.properties ?? {};
	return Object.entries(properties).flatMap(([key, child]) => [
		[...path, key],
		...knownKeyPaths(child, [...path, key]),
	]);
}

function suggestKey(
	key: string,
	path: readonly string[],
	siblings: readonly string[],
	known: readonly string[][],
): string | undefined {
	const lower = key.toLowerCase();
	let best: { name: string; distance: number } | undefined;
	for (const sibling of siblings) {
		const distance = editDistance(lower, sibling.toLowerCase());
		if (distance <= Math.max(1, Math.floor(sibling.length / 3)) && (!best || distance < best.distance)) {
			best = { name: sibling, distance };
		}
	}
	if (best) return [...path, best.name].join(".");
	const elsewhere = known.find((candidate) => candidate.at(-1)?.toLowerCase() === lower);
	return elsewhere?.join(".");
}

/** Edit distance counting insertions, deletions, substitutions and swaps of neighbours (`fsnyc` → `fsync` is 1). */
export function editDistance(a: string, b: string): number {
	const rows: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
		Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
	);
	for (let i = 1; i <= a.length; i++) {
		for (let j = 1; j <= b.length; j++) {
			const row = rows[i]!;
			const above = rows[i - 1]!;
			const cost = a[i - 1] === b[j - 1] ? 0 : 1;
			row[j] = Math.min(above[j]! + 1, row[j - 1]! + 1, above[j - 1]! + cost);
			if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
				row[j] = Math.min(row[j]!, rows[i - 2]![j - 2]! + 1);
			}
		}
	}
	return rows[a.length]![b.length]!;
}

function isObject(value: unknown): value is Record<string, unknown> {
	return typeof value === "object" && value !== null && !Array.isArray(value);
}
