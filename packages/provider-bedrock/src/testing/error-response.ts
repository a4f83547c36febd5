import type { ScriptedResponse } from "@kestrel/ai/testing";

/** Bedrock's exception for each HTTP status it documents for ConverseStream. */
const EXCEPTION_BY_STATUS: Record<number, string> = {
	400: "ValidationException",
	401: "UnrecognizedClientException",
	403: "AccessDeniedException",
	404: "ResourceNotFoundException",
	408: "ModelTimeoutException",
	424: "ModelErrorException",
	429: "ThrottlingException",
	500: "InternalServerException",
	503: "ServiceUnavailableException",
};

/** Messages in the service's own wording, for when a test does not care about the text. */
const DEFAULT_MESSAGES: Record<string, string> = {
	ValidationException: "The provided model identifier is invalid.",
	AccessDeniedException: "You don't have access to the model with the specified model ID.",
	ResourceNotFoundException: "Could not resolve the foundation model from the provided model identifier.",
	ModelTimeoutException: "Model has timed out in processing the request. Try your request again.",
	ModelErrorException:
		"The system encountered an unexpected error during processing. Try your request again.",
	ThrottlingException: "Too many requests, please wait before trying again.",
	InternalServerException:
		"The system encountered an unexpected error during processing. Try your request again.",
	ServiceUnavailableException: "Bedrock is unable to process your request.",
	ModelNotReadyException: "Model is not ready for inference. Wait and try your request again.",
	UnrecognizedClientException: "The security token included in the request is invalid.",
};

/**
 * An HTTP error response as Bedrock sends it before a stream starts: the exception's name
 * in the `x-amzn-errortype` header (`ThrottlingException:http://internal.amazon.com/coral/…`),
 * a JSON body `{"message": …}` and an `x-amzn-requestid`; `retry-after` in seconds when asked.
 */
export function bedrockErrorResponse(
	status: number,
	options: {
		type?: string;
		message?: string;
		retryAfterSeconds?: number;
		headers?: Record<string, string>;
	} = {},
): ScriptedResponse {
	const type =
		options.type ??
		EXCEPTION_BY_STATUS[status] ??
		(status >= 500 ? "InternalServerException" : "ValidationException");
	const headers: Record<string, string> = {
		"content-type": "application/json",
		"x-amzn-errortype": `${type}:http://internal.amazon.com/coral/com.amazon.bedrock/`,
		"x-amzn-requestid": `7e1f0c2a-${String(status).padStart(4, "0")}-4d5e-8f9a-0b1c2d3e4f5a`,
	};
	if (options.retryAfterSeconds !== undefined) headers["retry-after"] = String(options.retryAfterSeconds);
	return {
		status,
		headers: { ...headers, ...options.headers },
		body: JSON.stringify({ message: options.message ?? DEFAULT_MESSAGES[type] ?? "Error" }),
	};
}
