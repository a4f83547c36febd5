import type { TObject } from "typebox";
import type { JsonSchemaNode } from "./json-schema-node.js";
import { recordValueSchema } from "./settings-keys.js";
import { type Settings, SettingsSchema } from "./settings-schema.js";
import { isPlainObject } from "./validate-settings.js";

/**
 * The global settings overlaid with the project's: objects are merged key by key at every
 * depth, and anything else the project sets (a scalar, an array) replaces the global value,
 * except `providers` and `toolPacks`, whose lists add up (the global packages first, each
 * once): a project adds packages and cannot unload the user's. A record of named entries
 * (a pack's `mcpServers`) merges by name: the project's entry replaces the global entry of
 * the same name whole, and the others of both stay. Keys the project leaves out, or sets
 * to `undefined`, keep the global value. `schema` tells records from objects (default the
 * built-in `SettingsSchema`; pass `settingsShape(extraKeys).schema` for pack keys).
 * Neither input is changed.
 */
export function mergeSettings(
	global: Settings,
	project: Settings,
	schema: TObject = SettingsSchema,
): Settings {
	const merged = mergeObjects(global, project, schema as JsonSchemaNode) as Settings;
	if (global.providers !== undefined && project.providers !== undefined)
		merged.providers = [...new Set([...global.providers, ...project.providers])];
	if (global.toolPacks !== undefined && project.toolPacks !== undefined)
		merged.toolPacks = [...new Set([...global.toolPacks, ...project.toolPacks])];
	return merged;
}

function mergeObjects(
	base: Record<string, unknown>,
	over: Record<string, unknown>,
	schema: JsonSchemaNode | undefined,
): Record<string, unknown> {
	// A record's entries are whole values (one server each): replaced by name, never mixed.
	const isRecord = recordValueSchema(schema) !== undefined;
	const merged: Record<string, unknown> = { ...base };
	for (const [key, value] of Object.entries(over)) {
		if (value === undefined) continue;
		const current = merged[key];
		merged[key] =
			!isRecord && isPlainObject(current) && isPlainObject(value)
				? mergeObjects(current, value, schema?.properties?.[key])
				: value;
	}
	return merged;
}
