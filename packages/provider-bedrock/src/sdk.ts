import type {
	BedrockRuntimeClient,
	ConverseCommand,
	ConverseStreamCommand,
} from "@aws-sdk/client-bedrock-runtime";
import type { defaultProvider } from "@aws-sdk/credential-provider-node";
import type { NodeHttpHandler } from "@smithy/node-http-handler";

/** What the provider uses of the AWS SDK, imported on the first request (see {@link importBedrockSdk}). */
export interface BedrockSdk {
	BedrockRuntimeClient: typeof BedrockRuntimeClient;
	ConverseStreamCommand: typeof ConverseStreamCommand;
	/** The non-streaming call, for a request with tools to a model that takes none while streaming. */
	ConverseCommand: typeof ConverseCommand;
	/** HTTP/1.1: ConverseStream streams over it, and it is what proxies and test servers speak. */
	NodeHttpHandler: typeof NodeHttpHandler;
	/** The SDK's default credential chain (environment, SSO, profiles, web identity, container and instance roles). */
	defaultProvider: typeof defaultProvider;
}

/** For `loadSdk`'s "install it" message. */
export const BEDROCK_SDK = {
	packageName: "@aws-sdk/client-bedrock-runtime",
	api: "bedrock-converse-stream",
	versionRange: "3.1178.0",
};

/** Imports the three AWS packages the provider needs, lazily: an app that never calls Bedrock never loads them. */
export async function importBedrockSdk(): Promise<BedrockSdk> {
	const [runtime, credentials, http] = await Promise.all([
		import("@aws-sdk/client-bedrock-runtime"),
		import("@aws-sdk/credential-provider-node"),
		import("@smithy/node-http-handler"),
	]);
	return {
		BedrockRuntimeClient: runtime.BedrockRuntimeClient,
		ConverseStreamCommand: runtime.ConverseStreamCommand,
		ConverseCommand: runtime.ConverseCommand,
		NodeHttpHandler: http.NodeHttpHandler,
		defaultProvider: credentials.defaultProvider,
	};
}
