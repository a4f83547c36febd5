import type { CredentialsRequest } from "@kestrel/ai/provider-kit";
import { loadSdk } from "@kestrel/ai/provider-kit";
import { BEDROCK_SDK, type BedrockSdk } from "./sdk.js";

/** The environment variable that holds a Bedrock API key (a bearer token), as the AWS SDKs read it. */
export const BEDROCK_API_KEY_VARIABLE = "AWS_BEARER_TOKEN_BEDROCK";

/** Variables holding secrets of the credential chain, which hosts keep from commands and redact. */
export const BEDROCK_SECRET_VARIABLES = [
	BEDROCK_API_KEY_VARIABLE,
	"AWS_SECRET_ACCESS_KEY",
	"AWS_SESSION_TOKEN",
] as const;

/** How to provide credentials, in one line (the module's `auth.describe`). */
export const BEDROCK_CREDENTIALS_ADVICE =
	"AWS credentials: a Bedrock API key in AWS_BEARER_TOKEN_BEDROCK (or the apiKey option), AWS_ACCESS_KEY_ID and " +
	"AWS_SECRET_ACCESS_KEY, an AWS profile (AWS_PROFILE; aws configure, aws sso login), or an IAM role " +
	"(container or instance metadata).";

/** The credentials of one request. */
export type BedrockAuth =
	/** A Bedrock API key, sent as `Authorization: Bearer`. */
	| { kind: "api-key"; token: string; source: "apiKey option" | typeof BEDROCK_API_KEY_VARIABLE }
	/** AWS credentials, for SigV4 signing. */
	| {
			kind: "aws";
			credentials: { accessKeyId: string; secretAccessKey: string; sessionToken?: string; expiration?: Date };
			source: "environment" | "credential chain";
			/** The profile the chain read, when one was named. */
			profile?: string;
	  };

/** Thrown when no credentials are found; its message says how to provide them. */
export class BedrockCredentialsError extends Error {
	constructor(detail: string, options?: { cause?: unknown }) {
		super(
			`No AWS credentials for Amazon Bedrock (${detail}). Provide ${BEDROCK_CREDENTIALS_ADVICE}`,
			options,
		);
		this.name = "BedrockCredentialsError";
	}
}

type CredentialChain = ReturnType<BedrockSdk["defaultProvider"]>;

/**
 * Finds the credentials of a request, in this order:
 * 1. `apiKey` (the caller's `StreamOptions.apiKey`): a Bedrock API key;
 * 2. `AWS_BEARER_TOKEN_BEDROCK`: a Bedrock API key;
 * 3. `AWS_ACCESS_KEY_ID` and `AWS_SECRET_ACCESS_KEY` (with `AWS_SESSION_TOKEN`), unless
 *    `AWS_PROFILE` names a profile (then the profile wins, as in the AWS SDKs);
 * 4. the AWS SDK's default chain for `AWS_PROFILE` (or the default profile): SSO,
 *    shared credentials and config files, `credential_process`, web identity, then
 *    container and instance metadata.
 *
 * Steps 1–3 read `request.env`; the chain of step 4 reads the process environment (file
 * locations, container and metadata settings), as the AWS SDK does. One resolver keeps
 * one chain per profile, so cached and refreshed credentials (SSO, roles) are reused
 * across requests.
 */
export class BedrockCredentialsResolver {
	private readonly chains = new Map<string, CredentialChain>();

	constructor(private readonly importer: () => Promise<BedrockSdk>) {}

	/** @throws BedrockCredentialsError when no step yields credentials. */
	async resolve(request: CredentialsRequest): Promise<BedrockAuth> {
		const { env } = request;
		if (request.apiKey) return { kind: "api-key", token: request.apiKey, source: "apiKey option" };
		const token = env[BEDROCK_API_KEY_VARIABLE];
		if (token) return { kind: "api-key", token, source: BEDROCK_API_KEY_VARIABLE };
		const profile = env.AWS_PROFILE || undefined;
		const accessKeyId = env.AWS_ACCESS_KEY_ID;
		const secretAccessKey = env.AWS_SECRET_ACCESS_KEY;
		if (!profile && accessKeyId && secretAccessKey) {
			const sessionToken = env.AWS_SESSION_TOKEN || undefined;
			return {
				kind: "aws",
				credentials: sessionToken
					? { accessKeyId, secretAccessKey, sessionToken }
					: { accessKeyId, secretAccessKey },
				source: "environment",
			};
		}
		const chain = await this.chainFor(profile);
		try {
			const credentials = await untilAborted(chain(), request.signal);
			return profile
				? { kind: "aws", credentials, source: "credential chain", profile }
				: { kind: "aws", credentials, source: "credential chain" };
		} catch (error) {
			if (request.signal.aborted) throw error;
			const where = profile ? `profile "${profile}"` : "the default credential chain";
			const said = error instanceof Error && error.message ? `: ${error.message}` : "";
			throw new BedrockCredentialsError(`${where} found none${said}`, { cause: error });
		}
	}

	private async chainFor(profile: string | undefined): Promise<CredentialChain> {
		const key = profile ?? "";
		let chain = this.chains.get(key);
		if (!chain) {
			const sdk = await loadSdk(this.importer, BEDROCK_SDK);
			chain = sdk.defaultProvider(profile ? { profile } : {});
			this.chains.set(key, chain);
		}
		return chain;
	}
}

/** `promise`, or a rejection with the signal's reason as soon as it fires. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
	if (signal.aborted) return Promise.reject(signal.reason);
	return new Promise<T>((resolve, reject) => {
		const onAbort = () => reject(signal.reason);
		signal.addEventListener("abort", onAbort, { once: true });
		promise.then(
			(value) => {
				signal.removeEventListener("abort", onAbort);
				resolve(value);
			},
			(error: unknown) => {
				signal.removeEventListener("abort", onAbort);
				reject(error);
			},
		);
	});
}
