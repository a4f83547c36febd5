import {
	defineModel,
	findModel,
	getModels,
	getProviderDefaults,
	getProviders,
	type KnownProvider,
	knownWireApis,
	type LoadedModelsFile,
	type Model,
	providerModels,
	requiresApiKey,
	THINKING_LEVELS,
	type ThinkingLevel,
} from "@kestrel/ai";
import { CliError } from "../cli-error.js";
import { DEMO_MODEL } from "../demo/demo-model.js";
import { noModelMessage } from "./no-model-message.js";
import { isThinkingLevel, type ModelSpec, parseModelSpec } from "./parse-model-spec.js";
import { keyAdvice, resolveApiKey } from "./resolve-api-key.js";

/** The model flags of the command line. */
export interface ModelFlags {
	provider?: string;
	model?: string;
	thinking?: string;
	apiKey?: string;
	baseUrl?: string;
	/** `--demo`: the built-in scripted model, whatever the settings say. */
	demo?: boolean;
}

/** The settings that choose a model (a subset of the harness's `Settings`). */
export interface ModelSettings {
	defaultProvider?: string;
	defaultModel?: string;
	defaultThinkingLevel?: ThinkingLevel;
}

export interface ResolveModelInput {
	flags: ModelFlags;
	settings: ModelSettings;
	modelsFile: LoadedModelsFile;
	env: NodeJS.ProcessEnv;
	/** Looks for a local model server; called only when nothing else is configured. */
	probeLocal: () => Promise<Model | undefined>;
	/** The servers `probeLocal` tries, for the message when nothing is found. */
	probed: readonly { name: string; port: number }[];
}

/** The model to run and its thinking level. Keys are not part of it: `CliApp` resolves them per request. */
export interface ResolvedModel {
	model: Model;
	/** From `--thinking`, the `:level` suffix, or settings; absent for the session's or `off`. */
	thinkingLevel?: ThinkingLevel;
}

/**
 * Chooses the model: `--demo`'s scripted model, else `--model` (with `--provider`), else
 * the settings' default, else the first catalogue provider with a key in the environment,
 * else the first model of `models.json`, else a local model server. Throws a {@link CliError} that says what to do
 * when none is found, the model is unknown, or a hosted provider has no key.
 */
export async function resolveModel(input: ResolveModelInput): Promise<ResolvedModel> {
	const { flags, settings, modelsFile, env } = input;
	if (flags.thinking !== undefined && !isThinkingLevel(flags.thinking)) {
		throw new CliError(
			`--thinking "${flags.thinking}" is not a thinking level; use one of ${THINKING_LEVELS.join(", ")}.`,
			2,
		);
	}
	// The caller registered the demo's wire API (registerDemoModel); it takes no key.
	if (flags.demo) return { model: DEMO_MODEL };
	const spec = chooseSpec(flags, settings, modelsFile, env);
	let model: Model;
	if (spec) model = lookupModel(spec, modelsFile);
	else {
		const local = await input.probeLocal();
		if (!local) throw new CliError(noModelMessage(modelsFile.path, input.probed));
		model = local;
	}
	if (flags.baseUrl !== undefined) model = { ...model, baseUrl: checkedBaseUrl(flags.baseUrl) };
	const key = resolveApiKey(model.provider, flags.apiKey, modelsFile, env);
	if (!key.apiKey && requiresKey(model, modelsFile)) {
		throw new CliError(
			`${model.provider}: no API key — ${keyAdvice(key.source).replace(/^check /, "set ")}.`,
		);
	}
	const thinkingLevel =
		(flags.thinking as ThinkingLevel | undefined) ?? spec?.thinkingLevel ?? settings.defaultThinkingLevel;
	return { model, ...(thinkingLevel === undefined ? {} : { thinkingLevel }) };
}

function chooseSpec(
	flags: ModelFlags,
	settings: ModelSettings,
	modelsFile: LoadedModelsFile,
	env: NodeJS.ProcessEnv,
): ModelSpec | undefined {
	if (flags.model !== undefined) return checked(parseModelSpec(flags.model, flags.provider));
	if (flags.provider !== undefined) {
		const id =
			settings.defaultProvider === flags.provider && settings.defaultModel
				? settings.defaultModel
				: firstModelId(flags.provider, modelsFile);
		return checked(parseModelSpec(id, flags.provider));
	}
	if (settings.defaultModel !== undefined)
		return checked(parseModelSpec(settings.defaultModel, settings.defaultProvider));
	if (settings.defaultProvider !== undefined) {
		return checked(
			parseModelSpec(firstModelId(settings.defaultProvider, modelsFile), settings.defaultProvider),
		);
	}
	const withKey = getProviders().find(
		(provider) =>
			getModels(provider).length > 0 && resolveApiKey(provider, undefined, modelsFile, env).apiKey,
	);
	if (withKey) return { provider: withKey, id: firstModelId(withKey, modelsFile) };
	const [firstCustom] = Object.entries(modelsFile.file.providers);
	if (firstCustom) return { provider: firstCustom[0], id: firstCustom[1].models[0]?.id ?? "" };
	return undefined;
}

function checked(spec: ModelSpec | { error: string }): ModelSpec {
	if ("error" in spec) throw new CliError(spec.error);
	return spec;
}

function firstModelId(provider: string, modelsFile: LoadedModelsFile): string {
	const custom = modelsFile.file.providers[provider]?.models[0]?.id;
	if (custom) return custom;
	const catalogue = getModels(provider).map((model) => model.id);
	// The provider's own pick (its wire API module says), else its first catalogue model.
	const preferred = getProviderDefaults(provider)?.defaultModel;
	const id = preferred && catalogue.includes(preferred) ? preferred : catalogue[0];
	if (id) return id;
	throw new CliError(
		`Provider "${provider}" has no known models; name one with --model ${provider}/<id>, or add the provider to ${modelsFile.path}.`,
	);
}

/** models.json first (it may redefine a catalogue provider's model), then the catalogue, then any id of a local server. */
export function lookupModel(spec: ModelSpec, modelsFile: LoadedModelsFile): Model {
	const custom = providerModels(modelsFile, spec.provider).find((model) => model.id === spec.id);
	if (custom) return custom;
	const catalogue = findModel(spec.provider, spec.id);
	if (catalogue) return catalogue;
	const defaults = getProviderDefaults(spec.provider);
	// A local server serves whatever it loaded: any id is valid there.
	if (defaults?.local)
		return defineModel({ provider: spec.provider as KnownProvider, id: spec.id, api: defaults.api });
	const known = [
		...providerModels(modelsFile, spec.provider).map((model) => model.id),
		...getModels(spec.provider).map((model) => model.id),
	];
	if (known.length > 0 || defaults) {
		throw new CliError(
			`Unknown model "${spec.id}" for provider "${spec.provider}". Known: ${known.join(", ") || "none"}. ` +
				`Pick one, or add the model to ${modelsFile.path}.`,
		);
	}
	throw new CliError(
		`Unknown provider "${spec.provider}". Use one of ${[...getProviders(), ...Object.keys(modelsFile.file.providers)].join(", ")}; ` +
			`define it in ${modelsFile.path}, or load the provider package that adds it (the "providers" setting). ` +
			"Run kestrel --list-models to see every model.",
	);
}

/**
 * Whether kestrel must have a key before it sends a request for `model`: for a
 * `models.json` provider, when it names an `apiKey` and its API authenticates with a key;
 * otherwise when the wire API module that declares the provider says so (a hosted
 * provider with key variables). Never for an API with a credential chain or no
 * authentication, nor for a local server.
 */
export function requiresKey(model: Model, modelsFile: LoadedModelsFile): boolean {
	const entry = Object.hasOwn(modelsFile.file.providers, model.provider)
		? modelsFile.file.providers[model.provider]
		: undefined;
	if (entry) return entry.apiKey !== undefined && authKind(entry.api) === "key";
	return requiresApiKey(model.provider) && authKind(model.api) === "key";
}

/** How the wire API `api` authenticates, from its module; undefined for an API no module describes. */
export function authKind(api: string): "key" | "credentials" | "none" | undefined {
	return knownWireApis().find((module) => module.api === api)?.auth.kind;
}

function checkedBaseUrl(value: string): string {
	try {
		const url = new URL(value);
		if (url.protocol === "http:" || url.protocol === "https:") return value.replace(/\/+$/, "");
	} catch {
		// reported below
	}
	throw new CliError(`--base-url "${value}" is not an http(s) URL; write it like http://localhost:8000/v1.`);
}
