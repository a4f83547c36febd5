import type { Model, OpenAICompletionsCompat } from "../../types.js";

/** {@link OpenAICompletionsCompat} with every default applied. */
export type ResolvedCompat = Required<
	Omit<OpenAICompletionsCompat, "reasoningField" | "toolCallIdFormat" | "thinkTags">
> & {
	reasoningField: string | undefined;
	/** Undefined: the content is text, whatever tags it holds. */
	thinkTags: OpenAICompletionsCompat["thinkTags"];
};

/**
 * The one place where compat defaults live. They match OpenAI itself, except where a
 * field is only understood by OpenAI: `developer` is sent only to OpenAI's own reasoning
 * models, since most compatible servers reject or ignore that role.
 */
export function resolveCompat(model: Model): ResolvedCompat {
	const compat = model.compat?.["openai-completions"] ?? {};
	return {
		maxTokensField: compat.maxTokensField ?? "max_completion_tokens",
		systemRole:
			compat.systemRole ?? (model.reasoning && model.provider === "openai" ? "developer" : "system"),
		supportsUsageInStreaming: compat.supportsUsageInStreaming ?? true,
		supportsReasoningEffort: compat.supportsReasoningEffort ?? model.reasoning,
		supportsStore: compat.supportsStore ?? true,
		reasoningField: compat.reasoningField,
		thinkTags: compat.thinkTags,
	};
}

/**
 * The tool-call id rule of the server. Mistral's own API rejects ids that are not 9
 * letters and digits, so provider `mistral` gets that rule even without the flag.
 */
export function resolveToolCallIdFormat(
	model: Model,
): NonNullable<OpenAICompletionsCompat["toolCallIdFormat"]> {
	const format = model.compat?.["openai-completions"]?.toolCallIdFormat;
	return format ?? (model.provider === "mistral" ? "mistral" : "default");
}
