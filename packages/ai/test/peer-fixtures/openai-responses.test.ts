import { openAIResponses } from "./reference/openai-responses.js";
import { describePeerReplay } from "./replay-suite.js";

describePeerReplay(openAIResponses, {
	// Kestrel bug (issue 13, part 4): `insufficient_quota` is classified as `rate_limit`, so
	// an exhausted billing quota is retried as if it would pass.
	"openai-responses/vercel-openai/openai-error.1.chunks.txt": "insufficient_quota is retried as a rate limit",
});
