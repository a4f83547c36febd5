import { Value } from "typebox/value";
import type { JsonSchemaNode } from "./json-schema-node.js";
import { SettingsError, type SettingsIssue } from "./settings-error.js";
import { recordValueSchema, type SettingsShape, settingsShape } from "./settings-keys.js";
import type { Settings } from "./settings-schema.js";
import { findUnknownKeys } from "./unknown-keys.js";

/** What a valid settings file holds, with unknown keys removed and reported. */
export interface ValidatedSettings {
	settings: Settings;
	/** One line per unknown key, naming the file and the key, with a suggestion when one is close. */
	warnings: string[];
}

/**
 * Checks the parsed contents of `file` against `SettingsSchema` and the extra keys of
 * `shape` ({@link settingsShape}). Invalid values throw a {@link SettingsError} listing
 * every bad key; unknown keys are dropped with a warning. Pure: `file` is only used in
 * messages.
 */
export function validateSettings(
	value: unknown,
	file: string,
	shape: SettingsShape = settingsShape(),
): ValidatedSettings {
	if (!isPlainObject(value)) {
		throw new SettingsError(
			`Settings file ${file} must hold a JSON object ({ "key": value, … }), found ${describeValue(value)}. ` +
				"Fix the file or delete it.",
			file,
			[{ keyPath: "", pointer: "", expected: "an object", found: describeValue(value) }],
		);
	}
	const issues = schemaIssues(value, shape);
	if (issues.length > 0) throw new SettingsError(invalidMessage(file, issues), file, issues);
	const { cleaned, unknown } = findUnknownKeys(shape.schema as JsonSchemaNode, value);
	const warnings = unknown.map(
		({ keyPath, suggestion }) =>
			`Unknown setting "${keyPath}" in ${file}${suggestion ? ` (did you mean "${suggestion}"?)` : ""}; it is ignored.`,
	);
	return { settings: cleaned as Settings, warnings };
}

function invalidMessage(file: string, issues: readonly SettingsIssue[]): string {
	const fix = "Fix the value or remove the key.";
	if (issues.length === 1) {
		const [issue] = issues as [SettingsIssue];
		return `Invalid setting ${place(issue)} in ${file}: expected ${issue.expected}, found ${issue.found}. ${fix}`;
	}
	const lines = issues.map(
		(issue) => `  - ${place(issue)}: expected ${issue.expected}, found ${issue.found}`,
	);
	return [`Invalid settings in ${file}:`, ...lines, fix].join("\n");
}

/** A key as messages name it: built-in keys by their dotted path, a pack's keys with their owner and JSON pointer. */
function place(issue: SettingsIssue): string {
	if (issue.owner === undefined) return `"${issue.keyPath}"`;
	return `"${issue.keyPath}" (a setting of "${issue.owner}", at ${issue.pointer})`;
}

/** One issue per invalid key, in the order TypeBox reports them; a union's alternatives collapse into one. */
function schemaIssues(value: unknown, shape: SettingsShape): SettingsIssue[] {
	const schema = shape.schema as JsonSchemaNode;
	const issues: SettingsIssue[] = [];
	const seen = new Set<string>();
	const add = (pointer: string) => {
		if (seen.has(pointer)) return;
		seen.add(pointer);
		const segments = pointerSegments(pointer);
		const owner = segments[0] === undefined ? undefined : shape.owners.get(segments[0]);
		issues.push({
			keyPath: segments.join("."),
			pointer,
			...(owner === undefined ? {} : { owner }),
			expected: describeSchema(schemaAt(schema, segments)),
			found: describeValue(valueAt(value, segments)),
		});
	};
	for (const error of Value.Errors(shape.schema, value)) {
		// A missing required key is reported at the key itself, not at the object that lacks it.
		const missing =
			error.keyword === "required" ? (error.params as { requiredProperties?: unknown }) : undefined;
		if (Array.isArray(missing?.requiredProperties)) {
			for (const name of missing.requiredProperties)
				add(`${error.instancePath}/${String(name).replace(/~/g, "~0").replace(/\//g, "~1")}`);
		} else add(error.instancePath);
	}
	return issues;
}

function pointerSegments(pointer: string): string[] {
	if (!pointer) return [];
	return pointer
		.slice(1)
		.split("/")
		.map((segment) => segment.replace(/~1/g, "/").replace(/~0/g, "~"));
}

function schemaAt(schema: JsonSchemaNode, segments: readonly string[]): JsonSchemaNode | undefined {
	let current: JsonSchemaNode | undefined = schema;
	for (const segment of segments)
		current = current?.properties?.[segment] ?? current?.items ?? recordValueSchema(current);
	return current;
}

function valueAt(value: unknown, segments: readonly string[]): unknown {
	let current = value;
	for (const segment of segments)
		current = Array.isArray(current)
			? current[Number(segment)]
			: isPlainObject(current)
				? current[segment]
				: undefined;
	return current;
}

/** What a schema accepts, in words, for the kinds of schema settings use. */
export function describeSchema(schema: JsonSchemaNode | undefined): string {
	if (!schema) return "a valid value";
	if (schema.anyOf) {
		const options = schema.anyOf;
		if (options.every((option) => "const" in option)) {
			return `one of ${options.map((option) => JSON.stringify(option.const)).join(", ")}`;
		}
		return options.map((option) => describeSchema(option)).join(" or ");
	}
	if ("const" in schema) return JSON.stringify(schema.const);
	switch (schema.type) {
		case "boolean":
			return "true or false";
		case "string":
			return typeof schema.minLength === "number" && schema.minLength > 0 ? "a non-empty string" : "a string";
		case "integer":
			return withBounds("a whole number", schema);
		case "number":
			return withBounds("a number", schema);
		case "object":
			return "an object";
		case "array":
			return "an array";
		default:
			return "a valid value";
	}
}

function withBounds(noun: string, schema: JsonSchemaNode): string {
	const bounds: string[] = [];
	if (typeof schema.exclusiveMinimum === "number") bounds.push(`greater than ${schema.exclusiveMinimum}`);
	if (typeof schema.minimum === "number") bounds.push(`at least ${schema.minimum}`);
	if (typeof schema.exclusiveMaximum === "number") bounds.push(`less than ${schema.exclusiveMaximum}`);
	if (typeof schema.maximum === "number") bounds.push(`at most ${schema.maximum}`);
	return bounds.length > 0 ? `${noun} ${bounds.join(" and ")}` : noun;
}

/** A value as a message shows it: scalars as JSON (long strings shortened), containers by kind. */
export function describeValue(value: unknown): string {
	if (value === undefined) return "nothing";
	if (Array.isArray(value)) return "an array";
	if (isPlainObject(value)) return "an object";
	if (typeof value === "string") {
		const text = JSON.stringify(value);
		return text.length > 60 ? `${text.slice(0, 57)}…"` : text;
	}
	return String(value);
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
	return typeof value === "object" && value !== null && !Array.isArray(value);
}
