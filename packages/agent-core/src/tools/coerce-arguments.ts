type Schema = Record<string, unknown>;

const NUMBER_TEXT = /^\s*[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/;

/**
 * Converts the strings that models often send for numbers and booleans (`"3"`,
 * `"-0.5"`, `"true"`) where the JSON schema asks for a number, an integer or a boolean,
 * at any depth of objects, arrays and unions. Nothing else is converted: no number
 * becomes a string, no empty string becomes 0. Pure: returns `value` itself when nothing
 * changes, and copies only the objects and arrays on the path of a change.
 */
export function coerceScalars(schema: unknown, value: unknown): unknown {
	if (!isSchema(schema)) return value;
	const variants = (schema.anyOf ?? schema.oneOf) as unknown;
	if (Array.isArray(variants)) return coerceUnion(variants, value);
	if (typeof value === "string") return coerceString(schema, value);
	if (Array.isArray(value)) return coerceArray(schema, value);
	if (isPlainObject(value)) return coerceObject(schema, value);
	return value;
}

function coerceUnion(variants: unknown[], value: unknown): unknown {
	// A string that a variant accepts as a string stays a string.
	if (typeof value === "string" && variants.some((variant) => acceptsString(variant))) return value;
	for (const variant of variants) {
		const coerced = coerceScalars(variant, value);
		if (coerced !== value) return coerced;
	}
	return value;
}

function coerceString(schema: Schema, text: string): unknown {
	const types = typesOf(schema);
	if (types.includes("string")) return text;
	if ((types.includes("number") || types.includes("integer")) && NUMBER_TEXT.test(text)) return Number(text);
	if (types.includes("boolean")) {
		const lowered = text.trim().toLowerCase();
		if (lowered === "true") return true;
		if (lowered === "false") return false;
	}
	if (types.length === 0) {
		// Untyped literals: `{ const: 3 }`, `{ enum: [1, 2, true] }`.
		const candidates = "const" in schema ? [schema.const] : Array.isArray(schema.enum) ? schema.enum : [];
		for (const candidate of candidates) {
			if (
				(typeof candidate === "number" || typeof candidate === "boolean") &&
				String(candidate) === text.trim()
			) {
				return candidate;
			}
		}
	}
	return text;
}

function coerceArray(schema: Schema, items: unknown[]): unknown {
	const prefix = Array.isArray(schema.prefixItems) ? (schema.prefixItems as unknown[]) : [];
	const rest = isSchema(schema.items) ? schema.items : undefined;
	if (prefix.length === 0 && !rest) return items;
	let copy: unknown[] | undefined;
	items.forEach((item, index) => {
		const coerced = coerceScalars(index < prefix.length ? prefix[index] : rest, item);
		if (coerced === item) return;
		copy ??= [...items];
		copy[index] = coerced;
	});
	return copy ?? items;
}

function coerceObject(schema: Schema, object: Record<string, unknown>): unknown {
	const properties = isSchema(schema.properties) ? schema.properties : {};
	const additional = isSchema(schema.additionalProperties) ? schema.additionalProperties : undefined;
	let copy: Record<string, unknown> | undefined;
	for (const [key, item] of Object.entries(object)) {
		const propertySchema = Object.hasOwn(properties, key) ? properties[key] : additional;
		const coerced = coerceScalars(propertySchema, item);
		if (coerced === item) continue;
		copy ??= { ...object };
		copy[key] = coerced;
	}
	return copy ?? object;
}

function acceptsString(schema: unknown): boolean {
	if (!isSchema(schema)) return true;
	const types = typesOf(schema);
	if (types.length > 0) return types.includes("string");
	if ("const" in schema) return typeof schema.const === "string";
	if (Array.isArray(schema.enum)) return schema.enum.some((entry) => typeof entry === "string");
	const variants = (schema.anyOf ?? schema.oneOf) as unknown;
	if (Array.isArray(variants)) return variants.some((variant) => acceptsString(variant));
	return true;
}

function typesOf(schema: Schema): readonly unknown[] {
	const type = schema.type;
	if (Array.isArray(type)) return type;
	return type === undefined ? [] : [type];
}

function isSchema(value: unknown): value is Schema {
	return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
	return typeof value === "object" && value !== null && !Array.isArray(value);
}
