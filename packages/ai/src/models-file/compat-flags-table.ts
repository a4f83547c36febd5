import type { WireApi } from "../wire-api/wire-api.js";

/**
 * The Markdown table of a wire API's compat flags, read from its compat schema: one row
 * per flag with the values it takes and its `description`. The docs print it for every
 * built-in API (a test keeps `docs/models.md` in step); a provider package can print its
 * own the same way. A module without flags gives one line that says so.
 *
 * ```md
 * | flag | values | meaning |
 * | --- | --- | --- |
 * | `thinkingMode` | `budget`, `adaptive` | How the unified reasoning level is sent: … |
 * ```
 */
export function compatFlagsTable(module: Pick<WireApi, "api" | "compat">): string {
	const rows = Object.entries(module.compat.properties).map(
		([flag, schema]) =>
			`| \`${flag}\` | ${cell(describeValues(schema as SchemaNode))} | ${cell(String((schema as SchemaNode).description ?? ""))} |`,
	);
	if (rows.length === 0) return `\`${module.api}\` has no compat flags.`;
	return ["| flag | values | meaning |", "| --- | --- | --- |", ...rows].join("\n");
}

interface SchemaNode {
	type?: string;
	const?: unknown;
	anyOf?: SchemaNode[];
	enum?: unknown[];
	description?: string;
}

/** What a flag's schema accepts, in words. */
function describeValues(schema: SchemaNode): string {
	if (schema.const !== undefined) return `\`${String(schema.const)}\``;
	if (schema.enum) return schema.enum.map((value) => `\`${String(value)}\``).join(", ");
	if (schema.anyOf) return schema.anyOf.map(describeValues).join(", ");
	switch (schema.type) {
		case "boolean":
			return "`true`, `false`";
		case "string":
			return "a string";
		case "integer":
			return "an integer";
		case "number":
			return "a number";
		case "array":
			return "a list";
		case "object":
			return "an object";
		default:
			return "any value";
	}
}

/** A table cell: no line breaks, pipes escaped. */
function cell(text: string): string {
	return text.replace(/\s*\n\s*/g, " ").replace(/\|/g, "\\|");
}
