import type { BedrockRuntimeClientConfig, ConverseCommandOutput } from "@aws-sdk/client-bedrock-runtime";
import type { Context, Model } from "@kestrel/ai";
import type { ProviderRun } from "@kestrel/ai/provider-kit";
import { resolveCompat } from "./compat-flags.js";
import { converseResponseEvents } from "./converse-replay.js";
import { buildRequest, type ConverseStreamRequest } from "./convert.js";
import type { BedrockAuth } from "./credentials.js";
import { translateSdkError } from "./errors.js";
import { ConverseEventTranslator } from "./events.js";
import { BedrockRegionError, type BedrockTarget, planTarget } from "./region.js";
import type { BedrockSdk } from "./sdk.js";

/** What one request needs besides the model, the context and the run. */
export interface ConverseCall {
	sdk: BedrockSdk;
	/** Shared by the provider's requests, so connections are reused. */
	requestHandler: InstanceType<BedrockSdk["NodeHttpHandler"]>;
	auth: BedrockAuth;
	env: NodeJS.ProcessEnv;
}

/**
 * Sends one request and drives the assembler from its events: a `ConverseStream` request,
 * or, for a request with tools to a model that takes none while streaming (the
 * `streamingToolUse` flag), a `Converse` request whose whole answer is replayed as the
 * same events. The SDK signs the request, decodes the binary event stream and throws
 * Bedrock's exceptions (HTTP errors and exception frames alike); they are rethrown in the
 * shape the run classifies.
 */
export async function streamConverse(model: Model, context: Context, run: ProviderRun, call: ConverseCall) {
	const compat = resolveCompat(model);
	const target = planTarget(model, call.env, compat);
	let region: string;
	try {
		region = target.region ?? (await profileRegion(call, target));
	} catch (error) {
		if (!(error instanceof BedrockRegionError)) throw error;
		run.assembler.fail(error.message, { kind: "invalid_request", code: "missing_region" });
		return;
	}
	const body = await run.preparePayload(buildRequest(model, context, run.options, compat));
	const client = createClient(call, run, target.endpoint, region);
	const translator = new ConverseEventTranslator(run.assembler);
	if (!compat.streamingToolUse && body.toolConfig?.tools?.length) {
		await replayConverse(client, body, run, call, translator);
		return;
	}
	let answered = false;
	try {
		const response = await client.send(new call.sdk.ConverseStreamCommand(body), { abortSignal: run.signal });
		answered = true;
		run.assembler.setResponseId(response.$metadata.requestId);
		for await (const event of response.stream ?? []) {
			run.activity();
			translator.handle(event);
			if (run.assembler.finished) return;
		}
	} catch (error) {
		// `send` settles when the response's status and headers arrive: a connection error
		// before that is safe to send again, one while reading the stream is not.
		throw translateSdkError(error, { beforeResponse: !answered });
	}
	// The SDK may end the iteration quietly when the request is aborted; the run reports why.
	if (run.signal.aborted) throw run.signal.reason;
	translator.end();
}

/**
 * The non-streaming call: nothing arrives until the model has finished, so the first-byte
 * timeout bounds the whole call, and abort cancels it. The answer then goes through the
 * translator as the events a stream would have carried.
 */
async function replayConverse(
	client: InstanceType<BedrockSdk["BedrockRuntimeClient"]>,
	body: ConverseStreamRequest,
	run: ProviderRun,
	call: ConverseCall,
	translator: ConverseEventTranslator,
): Promise<void> {
	// `send` settles only once the whole body is read: the headers are noted on their own,
	// so that a connection broken while the body arrives is not sent again.
	let answered = false;
	client.middlewareStack.add(
		(next) => async (args) => {
			const result = await next(args);
			answered = true;
			run.activity();
			return result;
		},
		{ step: "deserialize", priority: "low", name: "kestrelResponseHeaders" },
	);
	let response: ConverseCommandOutput;
	try {
		response = await client.send(new call.sdk.ConverseCommand(body), { abortSignal: run.signal });
	} catch (error) {
		throw translateSdkError(error, { beforeResponse: !answered });
	}
	if (run.signal.aborted) throw run.signal.reason;
	run.assembler.setResponseId(response.$metadata.requestId);
	for (const event of converseResponseEvents(response)) {
		translator.handle(event);
		if (run.assembler.finished) return;
	}
	translator.end();
}

/** The `region` of the AWS profile, read by the SDK from the shared config file. */
async function profileRegion(call: ConverseCall, target: BedrockTarget): Promise<string> {
	const profile = call.env.AWS_PROFILE || undefined;
	try {
		const probe = new call.sdk.BedrockRuntimeClient(profile ? { profile } : {});
		const region = await probe.config.region();
		if (region) return region;
	} catch {
		// No region in the profile either: the fallback decides.
	}
	if ("region" in target.fallback) return target.fallback.region;
	throw new BedrockRegionError(target.fallback.error);
}

/**
 * A client bound to this request: the chosen endpoint and region, the resolved
 * credentials and nothing the SDK would find on its own, no SDK timeouts (the run's
 * watchdog owns them) and the caller's retries only.
 */
function createClient(call: ConverseCall, run: ProviderRun, endpoint: string | undefined, region: string) {
	const { auth, sdk } = call;
	const config: BedrockRuntimeClientConfig = {
		region,
		requestHandler: call.requestHandler,
		maxAttempts: 1 + (run.options.maxRetries ?? 0),
	};
	if (endpoint) config.endpoint = endpoint;
	const profile = call.env.AWS_PROFILE || undefined;
	if (profile) config.profile = profile;
	if (auth.kind === "api-key") {
		const token = { token: auth.token };
		config.token = async () => token;
		config.authSchemePreference = ["httpBearerAuth"];
	} else {
		config.credentials = auth.credentials;
		config.authSchemePreference = ["sigv4"];
	}
	const client = new sdk.BedrockRuntimeClient(config);
	const headers = Object.entries(run.headers);
	if (headers.length > 0) {
		client.middlewareStack.add(
			(next) => async (args) => {
				const request = args.request as { headers?: Record<string, string> };
				if (request.headers) for (const [name, value] of headers) request.headers[name.toLowerCase()] = value;
				return next(args);
			},
			{ step: "build", name: "kestrelHeaders" },
		);
	}
	return client;
}
