import { openAICompletions } from "./reference/openai-completions.js";
import { describePeerReplay } from "./replay-suite.js";

// Kestrel bug: xAI's chat completions count reasoning tokens outside `completion_tokens`
// (`total_tokens` = prompt + completion + reasoning); Kestrel's `output`, which includes
// reasoning, takes `completion_tokens` alone, so output and cost miss the reasoning.
const XAI_REASONING_OUTSIDE_COMPLETION = "xAI reasoning tokens are missing from output";

describePeerReplay(openAICompletions, {
	"openai-completions/vercel-openai-compatible/xai-text.chunks.txt": XAI_REASONING_OUTSIDE_COMPLETION,
	"openai-completions/vercel-openai-compatible/xai-tool-call.chunks.txt": XAI_REASONING_OUTSIDE_COMPLETION,
	"openai-completions/vercel-xai/xai-text.chunks.txt": XAI_REASONING_OUTSIDE_COMPLETION,
	"openai-completions/vercel-xai/xai-tool-call.chunks.txt": XAI_REASONING_OUTSIDE_COMPLETION,
});
