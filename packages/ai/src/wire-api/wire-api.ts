import type { Static, TObject } from "typebox";
import type { DescribedFailure } from "../errors/from-thrown.js";
import type { ReplayRules } from "../replay/target-rules.js";
import type { WireApiTesting } from "../testing/wire-api-testing.js";
import type { Model, ProviderImplementation } from "../types.js";

/**
 * How requests of a wire API are authenticated.
 * - `key`: an API key, from `StreamOptions.apiKey` or the provider's key variables
 *   (`apiKeyVariables` of its {@link WireApiProvider} entry).
 * - `credentials`: a credential chain the API resolves itself (cloud profiles, roles,
 *   instance metadata). `resolve` finds the credentials for one request, or throws an
 *   error whose message says how to provide them; `describe` is that advice in one line,
 *   for listings and help text. `secretVariables` names the environment variables the
 *   chain reads a secret from (e.g. `AWS_SECRET_ACCESS_KEY`, `AWS_SESSION_TOKEN`): hosts
 *   keep them from the commands an agent runs and redact their values, as they do for
 *   key variables.
 * - `none`: the server takes no authentication.
 */
export type WireApiAuth =
	| { kind: "key" }
	| {
			kind: "credentials";
			describe: string;
			resolve(request: CredentialsRequest): Promise<unknown>;
			/** Variables holding secrets of the credential chain; see above. Default: none. */
			secretVariables?: readonly string[];
	  }
	| { kind: "none" };

/** What a credentials resolver is asked for. */
export interface CredentialsRequest {
	model: Model;
	/** `StreamOptions.apiKey`, for APIs that also take a key (a bearer token). */
	apiKey: string | undefined;
	env: NodeJS.ProcessEnv;
	signal: AbortSignal;
}

/**
 * A vendor that serves a wire API: where its server is and how it differs from the API's
 * reference. `@kestrel/ai` uses it for `defineModel({ provider })`, `getProviderDefaults`
 * and to find keys in the environment.
 */
export interface WireApiProvider<TFlags = Record<string, unknown>> {
	/** A display name, e.g. `Amazon Bedrock`. */
	name: string;
	/** The API root, as `Model.baseUrl` takes it. */
	baseUrl: string;
	/** A server on the user's machine: no key, no fixed model list, no price. Default false. */
	local?: boolean;
	/** The environment variables its key is read from, in order (`key` auth only). */
	apiKeyVariables?: readonly string[];
	/** Compat flags every model of the provider needs. */
	compat?: TFlags;
	/**
	 * The catalogue model a host picks when the user names only the provider (a good
	 * everyday model, not the largest). Default: the provider's first catalogue model.
	 */
	defaultModel?: string;
}

/**
 * One wire API, described by itself. Everything in Kestrel that lists APIs (the
 * `KnownApi` and `ModelCompat` types, the registry, `models.json` validation, the testing
 * kit) reads these modules; adding an API is adding a module, in this package or in a
 * provider package (`registerWireApi(module)`).
 *
 * ```ts
 * export const myWireApi = defineWireApi({
 *   api: "my-api",
 *   title: "My API",
 *   compat: Type.Object({ legacyField: Type.Optional(Type.Boolean()) }),
 *   auth: { kind: "key" },
 *   providers: { mine: { name: "Mine", baseUrl: "https://api.mine.example", apiKeyVariables: ["MINE_API_KEY"] } },
 *   replayRules: () => ({ toolCallIds: toolCallIdRule({ charset: "word", maxLength: 64 }), ownThinkingNeedsSignature: false }),
 *   createProvider: () => ({ api: "my-api", stream: (model, context, options) => runProviderStream(model, options, body) }),
 * });
 * ```
 */
export interface WireApi<
	TApi extends string = string,
	TCompat extends TObject = TObject,
	TProviders extends string = string,
> {
	/** The id models name in `Model.api`, e.g. `anthropic-messages`. */
	readonly api: TApi;
	/** A display name, e.g. `Anthropic Messages`. */
	readonly title: string;
	/**
	 * The compat flags of the API as one TypeBox object schema whose properties are all
	 * optional and carry a `description`. The TypeScript type of
	 * `Model.compat[api]`, the validation of `models.json` and the docs table are all
	 * derived from it.
	 */
	readonly compat: TCompat;
	readonly auth: WireApiAuth;
	/** The vendors that serve this API, keyed by provider id. */
	readonly providers?: Readonly<Record<TProviders, WireApiProvider<Static<TCompat>>>>;
	/** Catalogue models the module ships (ids, limits, prices); found by `findModel` once registered. */
	readonly models?: readonly Model<TApi>[];
	/** Creates the streaming implementation. Must not load the SDK: load it on the first request. */
	createProvider(): ProviderImplementation<TApi>;
	/** What the API accepts from a history other models wrote (`prepareReplay`). */
	replayRules(model: Model<TApi>): ReplayRules;
	/**
	 * Turns what the API's SDK threw into failure facts (status, provider code, message,
	 * headers), for `classifyFailure`, when the SDK's errors do not have the `APIError`
	 * shape `describeThrown` reads. The module's implementation passes it to
	 * `runProviderStream` (`{ describeError }`); return undefined to fall back.
	 */
	describeError?(thrown: unknown): DescribedFailure | undefined;
	/**
	 * The module's test kit, loaded on demand (keep it in a module of its own so that
	 * hosts never load test code): its wire encoder as a conformance target and its
	 * handoff matrix entries. `wireApiTestKits()` of `@kestrel/ai/testing` collects them.
	 */
	testing?(): Promise<WireApiTesting>;
}

/**
 * Declares a wire API with its types inferred (`api` stays a literal, the compat schema
 * keeps its properties). Returns the module unchanged.
 */
export function defineWireApi<
	const TApi extends string,
	TCompat extends TObject,
	TProviders extends string = never,
>(module: WireApi<TApi, TCompat, TProviders>): WireApi<TApi, TCompat, TProviders> {
	return module;
}

/** The compat-flag type of a wire API module. */
export type WireApiCompat<TModule> =
	TModule extends WireApi<string, infer TCompat, string> ? Static<TCompat> : never;

/** The provider ids a wire API module declares. */
export type WireApiProviders<TModule> =
	TModule extends WireApi<string, TObject, infer TProviders> ? TProviders : never;
