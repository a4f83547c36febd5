import { ANTHROPIC_TOOL_CALL_IDS, mapToolCallId } from "../../replay/tool-call-ids.js";

/**
 * The id a tool call of another API gets on Anthropic (`^[a-zA-Z0-9_-]{1,64}$`): valid
 * ids unchanged, others a readable prefix plus a digest of the whole id. The replay step
 * (`prepareReplay` with `ANTHROPIC_MESSAGES_REPLAY`) applies it to every request, with
 * collision handling across the request on top.
 */
export function anthropicToolId(id: string): string {
	return mapToolCallId(id, ANTHROPIC_TOOL_CALL_IDS);
}
