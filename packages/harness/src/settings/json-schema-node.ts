/**
 * A TypeBox schema read as the JSON Schema it is. TypeBox 1's `TSchema` declares no
 * keywords, and the settings code walks `properties` and reads bounds to write messages.
 */
export interface JsonSchemaNode {
	type?: string;
	properties?: Record<string, JsonSchemaNode>;
	/** `Type.Record`: the schema of the values, under the key pattern. */
	patternProperties?: Record<string, JsonSchemaNode>;
	additionalProperties?: JsonSchemaNode | boolean;
	items?: JsonSchemaNode;
	anyOf?: JsonSchemaNode[];
	const?: unknown;
	minLength?: number;
	minimum?: number;
	maximum?: number;
	exclusiveMinimum?: number;
	exclusiveMaximum?: number;
}
