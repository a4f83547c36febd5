/**
 * Settings keys that others declare: a tool pack owns top-level keys of the settings files
 * (`mcpServers`), validated with the built-in ones, merged like them, and withheld from an
 * untrusted project when they widen what runs unasked.
 */
import type { ToolPackModule } from "@kestrel/agent-core";
import { type TObject, type TSchema, Type } from "typebox";
import type { JsonSchemaNode } from "./json-schema-node.js";
import { SettingsSchema } from "./settings-schema.js";

/** Top-level settings keys declared by someone other than the harness (a tool pack). */
export interface ExtraSettingsKeys {
	/** Who declares them, for messages: the pack's name (`mcp`). */
	owner: string;
	/** The keys, as a TypeBox object schema; each key is optional in settings files whatever the schema says. */
	schema: TObject;
	/**
	 * Which keys a project settings file may set only in a trusted folder, because they
	 * widen what runs unasked (start processes, load code, reach the network): `true` (the
	 * default) for all of them, `false` for none, or a list of key names.
	 */
	widening?: boolean | readonly string[];
}

/** The built-in settings schema extended with extra keys, and who owns them: see {@link settingsShape}. */
export interface SettingsShape {
	schema: TObject;
	/** Owner of each extra top-level key. */
	owners: ReadonlyMap<string, string>;
	/** Extra top-level keys a project file may set only in a trusted folder. */
	widening: ReadonlySet<string>;
}

/**
 * The settings schema with the keys of `extra` added. Throws when a key is declared twice
 * (a built-in key, or a key of another owner): two packs cannot own one key.
 */
export function settingsShape(extra: readonly ExtraSettingsKeys[] = []): SettingsShape {
	if (extra.length === 0) return BUILT_IN_SHAPE;
	const properties: Record<string, TSchema> = { ...SettingsSchema.properties };
	const owners = new Map<string, string>();
	const widening = new Set<string>();
	for (const keys of extra) {
		for (const [key, schema] of Object.entries(keys.schema.properties as Record<string, TSchema>)) {
			if (Object.hasOwn(properties, key)) {
				const holder = owners.get(key);
				throw new Error(
					`The settings key "${key}" of "${keys.owner}" is already ${holder === undefined ? "a built-in setting" : `declared by "${holder}"`}: rename it in the pack's settings schema.`,
				);
			}
			properties[key] = Type.Optional(schema);
			owners.set(key, keys.owner);
			const declared = keys.widening ?? true;
			if (declared === true || (Array.isArray(declared) && declared.includes(key))) widening.add(key);
		}
	}
	return { schema: Type.Object(properties), owners, widening };
}

const BUILT_IN_SHAPE: SettingsShape = { schema: SettingsSchema, owners: new Map(), widening: new Set() };

/**
 * The settings keys of tool-pack modules, for `loadSettings({ extraKeys })`. Every key of
 * a module counts as widening (a pack's settings may start processes or reach the
 * network, and the harness cannot tell); modules without `settings` add none.
 */
export function toolPackSettingsKeys(modules: readonly ToolPackModule[]): ExtraSettingsKeys[] {
	return modules.flatMap((module) =>
		module.settings === undefined ? [] : [{ owner: module.name, schema: module.settings }],
	);
}

/**
 * The values of the keys `schema` declares, from merged settings (what a pack module's
 * `create` gets as `context.settings`); absent keys stay absent.
 */
export function pickSettings(settings: object, schema: TObject): Record<string, unknown> {
	const picked: Record<string, unknown> = {};
	for (const key of Object.keys(schema.properties as object)) {
		const value = (settings as Record<string, unknown>)[key];
		if (value !== undefined) picked[key] = value;
	}
	return picked;
}

/** The schema of a record's values (`Type.Record(Type.String(), …)`), or `undefined` for other schemas. */
export function recordValueSchema(node: JsonSchemaNode | undefined): JsonSchemaNode | undefined {
	if (node === undefined || node.properties !== undefined) return undefined;
	if (node.patternProperties) return Object.values(node.patternProperties)[0];
	return typeof node.additionalProperties === "object" ? node.additionalProperties : undefined;
}
