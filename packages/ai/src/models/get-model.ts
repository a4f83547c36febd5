import type { ProviderRegistry } from "../registry.js";
import { defaultRegistry } from "../stream.js";
import type { Api, Model, Provider } from "../types.js";
import { MODELS } from "./catalogue.js";
import type { CatalogueEntry } from "./entry.js";

type Catalogue = typeof MODELS;

/** A provider the catalogue lists, including local servers that have no catalogue models. */
export type CatalogueProvider = keyof Catalogue;

/** The ids the catalogue lists for a provider. */
export type CatalogueModelId<TProvider extends CatalogueProvider> = Extract<
	keyof Catalogue[TProvider],
	string
>;

/** The wire API of one catalogue model. */
export type CatalogueModelApi<
	TProvider extends CatalogueProvider,
	TId extends CatalogueModelId<TProvider>,
> = Catalogue[TProvider][TId] extends { api: infer TApi extends Api } ? TApi : never;

/** The wire APIs of a provider's catalogue models (any API for a provider without models). */
export type CatalogueProviderApi<TProvider extends CatalogueProvider> = [
	CatalogueModelApi<TProvider, CatalogueModelId<TProvider>>,
] extends [never]
	? Api
	: CatalogueModelApi<TProvider, CatalogueModelId<TProvider>>;

/**
 * A catalogue model, typed by the catalogue: `getModel("anthropic", "claude-sonnet-5-5")` is
 * a `Model<"anthropic-messages">`, and an id the catalogue does not list does not compile.
 * Every call returns a fresh copy; change it freely. For a model that is not in the
 * catalogue use {@link findModel} (ids only known at run time) or `defineModel`.
 *
 * @throws Error when called (from JavaScript, or through a cast) with an id that is not listed.
 */
export function getModel<TProvider extends CatalogueProvider, TId extends CatalogueModelId<TProvider>>(
	provider: TProvider,
	id: TId,
): Model<CatalogueModelApi<TProvider, TId>> {
	const model = findModel(provider, id);
	if (model) return model as Model<CatalogueModelApi<TProvider, TId>>;
	const known = Object.keys(entriesOf(provider)).join(", ") || "none";
	throw new Error(
		`The catalogue has no model "${id}" for provider "${provider}" (it lists: ${known}). ` +
			"Use defineModel() for a model that is not in the catalogue.",
	);
}

/**
 * A copy of the catalogue model, or `undefined` when the catalogue does not list it. The
 * catalogue is the built-in one plus the `models` of wire API modules registered in
 * `registry` (default: the default registry), e.g. a provider package's.
 */
export function findModel(provider: Provider, id: string, registry?: ProviderRegistry): Model | undefined {
	const entries = entriesOf(provider);
	if (Object.hasOwn(entries, id)) return copy(entries[id] as CatalogueEntry);
	const registered = registeredModels(provider, registry).find((model) => model.id === id);
	return registered ? structuredClone(registered) : undefined;
}

/** Copies of every catalogue model of a provider, sorted by id; empty for an unknown provider. */
export function getModels<TProvider extends CatalogueProvider>(
	provider: TProvider,
): Model<CatalogueProviderApi<TProvider>>[];
export function getModels(provider: Provider, registry?: ProviderRegistry): Model[];
export function getModels(provider: Provider, registry?: ProviderRegistry): Model[] {
	const builtIn = Object.values(entriesOf(provider)).map(copy);
	const ids = new Set(builtIn.map((model) => model.id));
	const registered = registeredModels(provider, registry).filter((model) => !ids.has(model.id));
	return [...builtIn, ...registered.map((model) => structuredClone(model))];
}

/**
 * The providers the catalogue knows, in catalogue order. Local servers (`ollama`,
 * `llama.cpp`, `vllm`, `lmstudio`) are listed even when they have no catalogue model: they
 * run whatever model you load, see `defineModel`. Then the providers of wire API modules
 * registered in `registry` (default: the default registry).
 */
export function getProviders(registry: ProviderRegistry = defaultRegistry): Provider[] {
	const providers: Provider[] = Object.keys(MODELS);
	for (const module of registry.wireApis()) {
		for (const provider of Object.keys(module.providers ?? {})) {
			if (!providers.includes(provider)) providers.push(provider);
		}
	}
	return providers;
}

/** The catalogue models registered modules ship for `provider`. */
function registeredModels(
	provider: Provider,
	registry: ProviderRegistry = defaultRegistry,
): readonly Model[] {
	return registry
		.wireApis()
		.flatMap((module) => (module.models ?? []).filter((model) => model.provider === provider));
}

function entriesOf(provider: Provider): Readonly<Record<string, CatalogueEntry>> {
	return Object.hasOwn(MODELS, provider) ? MODELS[provider as CatalogueProvider] : {};
}

function copy(entry: CatalogueEntry): Model {
	return structuredClone(entry) as unknown as Model;
}
