/**
 * Refreshes `src/models/catalogue.ts` from a public model list (models.dev's `api.json` by
 * default). Build and tests never run it: the checked-in catalogue is the source of truth,
 * and this script only proposes a new version of it for review.
 *
 * Run it from `packages/ai` (Node 20 cannot run TypeScript directly, so compile it first):
 *
 *     npx tsc --ignoreConfig --outDir .refresh-models --module nodenext --target es2023 \
 *       --skipLibCheck --types node scripts/refresh-models.ts
 *     node .refresh-models/scripts/refresh-models.js [--source URL|FILE] [--add PROVIDER,…] [--check] [--out FILE]
 *     rm -rf .refresh-models
 *
 * What it changes for models already in the catalogue: prices, context window, max output,
 * input modalities and the reasoning flag, where the source states them. What it never
 * changes: ids, names, APIs, base URLs, thinking levels and compat flags (the source does
 * not know them). `--add groq,deepseek` also adds the source's other models of those
 * providers, with the provider's defaults and no thinking levels. `--check` writes nothing
 * and exits 1 when the catalogue would change. Every change is printed; review the diff.
 */
import { readFile, writeFile } from "node:fs/promises";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { CATALOGUE_DATE, MODELS } from "../src/models/catalogue.js";
import type { CatalogueData, CatalogueEntry } from "../src/models/entry.js";
import { getProviderDefaults, knownProviders } from "../src/models/providers.js";
import type { Model as AnyModel, KnownApi, KnownProvider } from "../src/types.js";

/** Catalogue models are on the wire APIs that ship with Kestrel. */
type Model = AnyModel<KnownApi>;

export const DEFAULT_SOURCE = "https://models.dev/api.json";

/** Our provider ids → the source's. Local servers have no fixed model list upstream. */
const SOURCE_PROVIDERS: Partial<Record<KnownProvider, string>> = {
	anthropic: "anthropic",
	openai: "openai",
	google: "google",
	openrouter: "openrouter",
	groq: "groq",
	deepseek: "deepseek",
	xai: "xai",
	mistral: "mistral",
	cerebras: "cerebras",
};

/** The fields of a models.dev model this script reads. */
export interface SourceModel {
	id?: string;
	name?: string;
	reasoning?: boolean;
	status?: string;
	modalities?: { input?: string[] };
	cost?: { input?: number; output?: number; cache_read?: number; cache_write?: number };
	limit?: { context?: number; output?: number };
}

type SourceProviders = Record<string, { models?: Record<string, SourceModel> }>;

/** The provider table of an `api.json` (top-level, or under `providers` in older versions). */
export function sourceProviders(json: unknown): SourceProviders {
	if (typeof json !== "object" || json === null) throw new Error("The model list is not a JSON object.");
	const record = json as Record<string, unknown>;
	const providers =
		typeof record.providers === "object" && record.providers !== null ? record.providers : record;
	return providers as SourceProviders;
}

export interface RefreshResult {
	catalogue: Record<string, Record<string, Model>>;
	/** One line per changed or added field, e.g. `groq/openai/gpt-oss-20b cost.output: 0.3 → 0.35`. */
	changes: string[];
	/** Catalogue models the source does not list; they are kept unchanged. */
	missing: string[];
}

/** Applies the source's facts to a copy of the catalogue. Pure: no I/O. */
export function refreshCatalogue(
	current: CatalogueData,
	source: unknown,
	options: { add?: readonly string[] } = {},
): RefreshResult {
	const upstream = sourceProviders(source);
	const catalogue = structuredClone(current) as Record<string, Record<string, Model>>;
	const changes: string[] = [];
	const missing: string[] = [];
	for (const provider of Object.keys(catalogue)) {
		const models = upstream[SOURCE_PROVIDERS[provider as KnownProvider] ?? ""]?.models;
		if (!models) continue;
		const ours = catalogue[provider] ?? {};
		for (const [id, model] of Object.entries(ours)) {
			const fact = models[id];
			if (fact) applyFacts(model, fact, (line) => changes.push(`${provider}/${id} ${line}`));
			else missing.push(`${provider}/${id}`);
		}
		if (!options.add?.includes(provider)) continue;
		for (const [id, fact] of Object.entries(models)) {
			if (ours[id] || fact.status === "deprecated") continue;
			const added = newEntry(provider as KnownProvider, id, fact);
			if (!added) continue;
			ours[id] = added;
			changes.push(`${provider}/${id} added`);
		}
	}
	return { catalogue, changes, missing };
}

function applyFacts(model: Model, fact: SourceModel, report: (line: string) => void): void {
	const set = <Key extends keyof Model>(key: Key, value: Model[Key], label: string = key) => {
		if (JSON.stringify(model[key]) === JSON.stringify(value)) return;
		report(`${label}: ${JSON.stringify(model[key])} → ${JSON.stringify(value)}`);
		model[key] = value;
	};
	const cost = {
		input: fact.cost?.input ?? model.cost.input,
		output: fact.cost?.output ?? model.cost.output,
		cacheRead: fact.cost?.cache_read ?? model.cost.cacheRead,
		cacheWrite: fact.cost?.cache_write ?? model.cost.cacheWrite,
	};
	set("cost", cost);
	const context = positive(fact.limit?.context) ?? model.contextWindow;
	set("contextWindow", context);
	set("maxTokens", Math.min(positive(fact.limit?.output) ?? model.maxTokens, context));
	const input = inputModalities(fact);
	if (input) set("input", input);
	if (typeof fact.reasoning === "boolean") {
		set("reasoning", fact.reasoning);
		if (!fact.reasoning && model.thinkingLevels) {
			report(`thinkingLevels: removed (no longer a reasoning model)`);
			delete model.thinkingLevels;
		}
	}
}

function newEntry(provider: KnownProvider, id: string, fact: SourceModel): Model | undefined {
	const defaults = getProviderDefaults(provider);
	const context = positive(fact.limit?.context);
	if (!defaults || !context) return undefined;
	const model: Model = {
		id,
		name: fact.name ?? id,
		api: defaults.api as KnownApi,
		provider,
		baseUrl: defaults.baseUrl,
		reasoning: fact.reasoning === true,
		input: inputModalities(fact) ?? ["text"],
		cost: {
			input: fact.cost?.input ?? 0,
			output: fact.cost?.output ?? 0,
			cacheRead: fact.cost?.cache_read ?? fact.cost?.input ?? 0,
			cacheWrite: fact.cost?.cache_write ?? 0,
		},
		contextWindow: context,
		maxTokens: Math.min(positive(fact.limit?.output) ?? context, context),
	};
	if (defaults.compat) model.compat = defaults.compat;
	return model;
}

function positive(value: number | undefined): number | undefined {
	return typeof value === "number" && Number.isFinite(value) && value > 0 ? value : undefined;
}

function inputModalities(fact: SourceModel): Model["input"] | undefined {
	const input = fact.modalities?.input;
	if (!input) return undefined;
	return input.includes("image") ? ["text", "image"] : ["text"];
}

// ---------------------------------------------------------------------------------------
// Rendering: the exact text of catalogue.ts, formatted as Biome formats it.
// ---------------------------------------------------------------------------------------

const LINE_WIDTH = 110;
const TAB_WIDTH = 2;
const FIELD_ORDER = [
	"id",
	"name",
	"api",
	"provider",
	"baseUrl",
	"reasoning",
	"thinkingLevels",
	"input",
	"cost",
	"contextWindow",
	"maxTokens",
	"headers",
	"compat",
];

const HEADER = `// Data, not code: the model catalogue. scripts/refresh-models.ts rewrites this file from a
// public model list, sorted by provider and then by id; hand edits keep the same layout.
// Where every figure comes from, and what the catalogue leaves out, is in docs/models.md.
import type { CatalogueData } from "./entry.js";
`;

/** The text of `catalogue.ts` for these models. Deterministic: same data, same bytes. */
export function renderCatalogue(data: CatalogueData, date: string): string {
	const providers = [
		...knownProviders().filter((provider) => provider in data),
		...Object.keys(data)
			.filter((provider) => !(knownProviders() as readonly string[]).includes(provider))
			.sort(),
	];
	const body = providers.map((provider) => {
		const models = data[provider] ?? {};
		const ids = Object.keys(models).sort();
		if (ids.length === 0) return `\t${key(provider)}: {},\n`;
		const entries = ids.map((id) => renderEntry(id, models[id] as CatalogueEntry)).join("");
		return `\t${key(provider)}: {\n${entries}\t},\n`;
	});
	return (
		`${HEADER}\n` +
		"/** The day the figures below were last checked against the providers' public pages. */\n" +
		`export const CATALOGUE_DATE = ${JSON.stringify(date)};\n\n` +
		"/** Every catalogue model by provider and id. Read it through `getModel` and `getModels`. */\n" +
		`export const MODELS = {\n${body.join("")}} as const satisfies CatalogueData;\n`
	);
}

function renderEntry(id: string, entry: CatalogueEntry): string {
	const record = entry as unknown as Record<string, unknown>;
	const fields = [
		...FIELD_ORDER.filter((field) => record[field] !== undefined),
		...Object.keys(record)
			.filter((field) => !FIELD_ORDER.includes(field) && record[field] !== undefined)
			.sort(),
	];
	const lines = fields.map((field) => property(field, record[field], 3));
	return `\t\t${key(id)}: {\n${lines.join("")}\t\t},\n`;
}

/** One `name: value,` line (or block) at this indent, broken the way Biome breaks it. */
function property(name: string, value: unknown, indent: number): string {
	const prefix = `${"\t".repeat(indent)}${key(name)}: `;
	const inline = `${prefix}${renderInline(value)},`;
	if (indent * TAB_WIDTH + inline.length - indent <= LINE_WIDTH || !isObject(value)) return `${inline}\n`;
	const inner = Object.entries(value).map(([field, item]) => property(field, item, indent + 1));
	return `${prefix}{\n${inner.join("")}${"\t".repeat(indent)}},\n`;
}

function renderInline(value: unknown): string {
	if (Array.isArray(value)) return `[${value.map(renderInline).join(", ")}]`;
	if (isObject(value)) {
		const fields = Object.entries(value).map(([field, item]) => `${key(field)}: ${renderInline(item)}`);
		return fields.length === 0 ? "{}" : `{ ${fields.join(", ")} }`;
	}
	if (typeof value === "number") return renderNumber(value);
	return JSON.stringify(value);
}

function isObject(value: unknown): value is Record<string, unknown> {
	return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Integers from 10 000 up get digit separators (`1_048_576`); others print as JavaScript does. */
function renderNumber(value: number): string {
	if (!Number.isInteger(value) || Math.abs(value) < 10_000) return String(value);
	return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, "_");
}

function key(name: string): string {
	return /^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name);
}

// ---------------------------------------------------------------------------------------
// Command line
// ---------------------------------------------------------------------------------------

interface Options {
	source: string;
	out: string;
	add: string[];
	check: boolean;
}

function parseArguments(argv: readonly string[]): Options {
	const options: Options = {
		source: DEFAULT_SOURCE,
		out: resolve(process.cwd(), "src/models/catalogue.ts"),
		add: [],
		check: false,
	};
	for (let index = 0; index < argv.length; index++) {
		const argument = argv[index];
		const next = () => argv[++index] ?? "";
		if (argument === "--source") options.source = next();
		else if (argument === "--out") options.out = resolve(next());
		else if (argument === "--add") options.add = next().split(",").filter(Boolean);
		else if (argument === "--check") options.check = true;
		else throw new Error(`Unknown argument ${argument}`);
	}
	return options;
}

async function loadSource(source: string): Promise<unknown> {
	if (!/^https?:\/\//.test(source)) return JSON.parse(await readFile(source, "utf8"));
	const response = await fetch(source, { signal: AbortSignal.timeout(60_000) });
	if (!response.ok) throw new Error(`${source} answered HTTP ${response.status}`);
	return response.json();
}

async function main(argv: readonly string[]): Promise<number> {
	const options = parseArguments(argv);
	const result = refreshCatalogue(MODELS, await loadSource(options.source), { add: options.add });
	for (const line of result.changes) console.log(line);
	for (const id of result.missing) console.warn(`${id}: not in ${options.source}; kept as it is`);
	if (result.changes.length === 0) {
		console.log(`No changes; the catalogue of ${CATALOGUE_DATE} matches ${options.source}.`);
		return 0;
	}
	if (options.check) return 1;
	const today = new Date().toISOString().slice(0, 10);
	await writeFile(options.out, renderCatalogue(result.catalogue, today));
	console.log(`Wrote ${options.out} (${result.changes.length} changes). Review the diff before committing.`);
	return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
	main(process.argv.slice(2)).then(
		(code) => process.exit(code),
		(error: unknown) => {
			console.error(error instanceof Error ? error.message : error);
			process.exit(1);
		},
	);
}
