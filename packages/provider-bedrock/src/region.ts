import type { Model } from "@kestrel/ai";
import type { ResolvedBedrockCompat } from "./compat-flags.js";

/** The region a model with the default base URL is called in when the AWS configuration names none. */
export const DEFAULT_REGION = "us-east-1";

/**
 * The provider's default base URL, which the catalogue models carry. It stands for "the
 * standard Bedrock endpoint of the configured region": a model with this URL follows
 * AWS_REGION and the profile, and is called in us-east-1 only when nothing names a region.
 */
export const DEFAULT_BASE_URL = `https://bedrock-runtime.${DEFAULT_REGION}.amazonaws.com`;

/** Thrown when no region can be found for a base URL that names none; its message says how to set one. */
export class BedrockRegionError extends Error {
	constructor(message: string) {
		super(message);
		this.name = "BedrockRegionError";
	}
}

/** Where one request goes. */
export interface BedrockTarget {
	/** The URL the SDK sends to; undefined for the region's standard endpoint. */
	endpoint: string | undefined;
	/** The region requests are signed for; undefined when only the profile can tell. */
	region: string | undefined;
	/** What to do when `region` is undefined and the profile names none. */
	fallback: { region: string } | { error: string };
}

/**
 * The region in a Bedrock runtime host name: `bedrock-runtime.<region>.amazonaws.com`,
 * the FIPS form `bedrock-runtime-fips.<region>…`, a VPC endpoint's
 * `…bedrock-runtime.<region>.vpce.amazonaws.com`, and the `.amazonaws.com.cn` partition.
 */
export function regionInUrl(url: string): string | undefined {
	let host: string;
	try {
		host = new URL(url).hostname;
	} catch {
		return undefined;
	}
	const match =
		/(?:^|\.)bedrock-runtime(?:-fips)?\.([a-z]{2}(?:-[a-z]+)+-\d+)\.(?:vpce\.)?amazonaws\.com(?:\.cn)?$/.exec(
			host,
		);
	return match?.[1];
}

/**
 * Chooses the endpoint and the region of a request. Pure; the profile's region (read
 * from the shared config file) is the caller's last step when `region` is undefined.
 *
 * Precedence of the region:
 * 1. the model's `region` compat flag;
 * 2. the region in the model's base URL, unless it is {@link DEFAULT_BASE_URL};
 * 3. `AWS_REGION`, then `AWS_DEFAULT_REGION`;
 * 4. the `region` of the AWS profile (`AWS_PROFILE`, else `default`);
 * 5. us-east-1 for the default base URL; for any other URL without a region, an error.
 *
 * The endpoint is the model's base URL, except for the default base URL: that one gets the
 * chosen region's standard endpoint, so catalogue models follow the AWS configuration.
 */
export function planTarget(
	model: Model,
	env: NodeJS.ProcessEnv,
	compat: ResolvedBedrockCompat,
): BedrockTarget {
	const isDefault = model.baseUrl.replace(/\/+$/, "") === DEFAULT_BASE_URL;
	const endpoint = isDefault ? undefined : model.baseUrl;
	const region =
		compat.region ??
		(endpoint ? regionInUrl(endpoint) : undefined) ??
		(env.AWS_REGION || undefined) ??
		(env.AWS_DEFAULT_REGION || undefined);
	const fallback = isDefault
		? { region: DEFAULT_REGION }
		: {
				error:
					`No AWS region for the Bedrock endpoint ${model.baseUrl}: its host names none. Set AWS_REGION, ` +
					`a region in your AWS profile, or the model's compat flag "bedrock-converse-stream": { "region": "…" }.`,
			};
	return { endpoint, region, fallback };
}
