import { type ReplayRules, type ToolCallIdRule, toolCallIdRule } from "@kestrel/ai/provider-kit";

/**
 * Bedrock's tool-use ids: 1 to 64 characters of `[a-zA-Z0-9_-]` (`ToolUseBlock.toolUseId`
 * in the Bedrock API reference). Ids of other APIs that break the rule are replaced by a
 * readable prefix and a digest, the same way in the call and in its result.
 */
export const BEDROCK_TOOL_CALL_IDS: ToolCallIdRule = toolCallIdRule({ charset: "word", maxLength: 64 });

/**
 * What Bedrock accepts from a history other models wrote. Claude on Bedrock rejects its
 * own thinking without a signature, like Claude on the Anthropic API, so unsigned thinking
 * is dropped; signed thinking of the same model (same API, provider and model id) goes
 * back byte-for-byte.
 */
export const BEDROCK_CONVERSE_REPLAY: ReplayRules = {
	toolCallIds: BEDROCK_TOOL_CALL_IDS,
	ownThinkingNeedsSignature: true,
};
