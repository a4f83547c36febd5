import type { Model, OpenAICompletionsCompat } from "../../types.js";

/** {@link OpenAICompletionsCompat} with every default applied. */
export type ResolvedCompat = Required<Omit<OpenAICompletionsCompat, "reasoningField">> & {
	reasoningField: string | undefined;
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
	};
}
