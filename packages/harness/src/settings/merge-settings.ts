import type { Settings } from "./settings-schema.js";
import { isPlainObject } from "./validate-settings.js";

/**
 * The global settings overlaid with the project's: objects are merged key by key at every
 * depth, and anything else the project sets (a scalar, an array) replaces the global value,
 * except `providers` and `toolPacks`, whose lists add up (the global packages first, each
 * once): a project adds packages and cannot unload the user's. Keys the project leaves out, or
 * sets to `undefined`, keep the global value. Neither input is changed.
 */
export function mergeSettings(global: Settings, project: Settings): Settings {
	const merged = mergeObjects(global, project) as Settings;
	if (global.providers !== undefined && project.providers !== undefined)
		merged.providers = [...new Set([...global.providers, ...project.providers])];
	if (global.toolPacks !== undefined && project.toolPacks !== undefined)
		merged.toolPacks = [...new Set([...global.toolPacks, ...project.toolPacks])];
	return merged;
}

function mergeObjects(base: Record<string, unknown>, over: Record<string, unknown>): Record<string, unknown> {
	const merged: Record<string, unknown> = { ...base };
	for (const [key, value] of Object.entries(over)) {
		if (value === undefined) continue;
		const current = merged[key];
		merged[key] = isPlainObject(current) && isPlainObject(value) ? mergeObjects(current, value) : value;
	}
	return merged;
}
