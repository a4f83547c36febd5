import { Type } from "@kestrel/ai";
import { estimateContextTokens } from "../../../src/compaction/estimate.js";
import { type CompactionSettings, DEFAULT_COMPACTION_SETTINGS } from "../../../src/compaction/types.js";
import type { FakeSession } from "./fake-session.js";

export const SYSTEM_PROMPT = "You are a coding agent. Work in small steps.";
export const TOOLS = [
	{ name: "read", description: "Reads a file.", parameters: Type.Object({ path: Type.String() }) },
	{
		name: "edit",
		description: "Edits a file.",
		parameters: Type.Object({ path: Type.String(), text: Type.String() }),
	},
];

/** Settings for a 40,000-token window: limit 32,000, keep min(20,000, 40 % of 32,000) = 12,800. */
export const SETTINGS: CompactionSettings = {
	...DEFAULT_COMPACTION_SETTINGS,
	reserveTokens: 4_000,
	summaryMaxTokens: 2_000,
};
export const WINDOW = 40_000;
export const LIMIT = 32_000;

/** The estimate of what the model gets now: the session's context, the system prompt and the tools. */
export function contextTokens(session: FakeSession): number {
	return estimateContextTokens({
		systemPrompt: SYSTEM_PROMPT,
		messages: session.buildContext().messages,
		tools: TOOLS,
	});
}
