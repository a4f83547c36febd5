import { type ProviderRun, runProviderStream } from "../../provider-run.js";
import { loadSdk } from "../../sdk-loader.js";
import type { Api, Context, Model, ProviderImplementation } from "../../types.js";
import { BUILT_IN_KEY_SOURCES } from "../vendors/built-in-key-sources.js";

/** The npm package a built-in streams through, and the range its code is written for. */
export interface SdkRequirement {
	packageName: string;
	api: string;
	versionRange: string;
}

/**
 * A built-in provider: its SDK imported on the first request (`importer`; an app's loader
 * is taken to return the SDK of the peer range), then `streamWith` inside the provider
 * kit's run, with the built-in modules' key sources for a direct call outside a registry.
 */
export function sdkProvider<TApi extends Api, TSdk>(
	api: TApi,
	sdk: SdkRequirement,
	importer: () => Promise<unknown>,
	streamWith: (sdk: TSdk, model: Model<TApi>, context: Context, run: ProviderRun) => Promise<void>,
): ProviderImplementation<TApi> {
	return {
		api,
		stream: (model, context, streamOptions) =>
			runProviderStream(
				model,
				streamOptions,
				async (run) => streamWith((await loadSdk(importer, sdk)) as TSdk, model, context, run),
				{ keySources: BUILT_IN_KEY_SOURCES },
			),
	};
}
