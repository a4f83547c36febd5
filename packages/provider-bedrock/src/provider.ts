import type { ProviderImplementation } from "@kestrel/ai";
import { loadSdk, runProviderStream } from "@kestrel/ai/provider-kit";
import { BEDROCK_CONVERSE_STREAM } from "./compat-flags.js";
import { BedrockCredentialsError, BedrockCredentialsResolver } from "./credentials.js";
import { describeBedrockError } from "./errors.js";
import { BEDROCK_SDK, type BedrockSdk, importBedrockSdk } from "./sdk.js";
import { streamConverse } from "./stream.js";

/** Bedrock's exceptions are described by the module's own reader, not the `APIError` one. */
const HOOKS = { describeError: describeBedrockError };

export interface BedrockConverseStreamProviderOptions {
	/**
	 * Imports the AWS SDK. Default: `@aws-sdk/client-bedrock-runtime`,
	 * `@aws-sdk/credential-provider-node` and `@smithy/node-http-handler`, on the first request.
	 */
	loadSdk?: () => Promise<BedrockSdk>;
	/** The environment credentials and the region are read from. Default: `process.env`. */
	env?: NodeJS.ProcessEnv;
}

/**
 * Amazon Bedrock's ConverseStream API through the AWS SDK for JavaScript v3. Each request
 * resolves its credentials (see `BedrockCredentialsResolver`) and its region (see
 * `planTarget`), then streams; a request without credentials ends with an `auth` error
 * that says how to provide them, before anything is sent.
 */
export function createBedrockConverseStreamProvider(
	options: BedrockConverseStreamProviderOptions = {},
): ProviderImplementation<"bedrock-converse-stream"> {
	const importer = options.loadSdk ?? importBedrockSdk;
	const credentials = new BedrockCredentialsResolver(importer);
	let requestHandler: InstanceType<BedrockSdk["NodeHttpHandler"]> | undefined;
	return {
		api: BEDROCK_CONVERSE_STREAM,
		stream: (model, context, streamOptions) =>
			runProviderStream(
				model,
				streamOptions,
				async (run) => {
					const sdk = await loadSdk(importer, BEDROCK_SDK);
					const env = options.env ?? process.env;
					let auth: Awaited<ReturnType<BedrockCredentialsResolver["resolve"]>>;
					try {
						auth = await credentials.resolve({ model, apiKey: run.apiKey, env, signal: run.signal });
					} catch (error) {
						if (!(error instanceof BedrockCredentialsError)) throw error;
						run.assembler.fail(error.message, { kind: "auth", code: "missing_credentials" });
						return;
					}
					requestHandler ??= new sdk.NodeHttpHandler();
					await streamConverse(model, context, run, { sdk, requestHandler, auth, env });
				},
				HOOKS,
			),
	};
}
