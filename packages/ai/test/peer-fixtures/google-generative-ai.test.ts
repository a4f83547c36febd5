import { googleGenerativeAI } from "./reference/google-generative-ai.js";
import { describePeerReplay } from "./replay-suite.js";

// Kestrel bug: a body whose last `data:` frame is whole but not followed by a blank line
// ends as "The connection closed in the middle of a stream frame" (`network`, which the
// harness retries) and the frame is dropped: a finished answer becomes an error, and a
// blocked prompt a retried network failure. Kestrel's SSE reader for the other APIs
// delivers such a frame.
const LAST_FRAME_WITHOUT_BLANK_LINE = "a whole last frame without its blank line is dropped";

describePeerReplay(googleGenerativeAI, {
	"google-generative-ai/firebase-googleai/streaming-failure-prompt-blocked-safety.txt":
		LAST_FRAME_WITHOUT_BLANK_LINE,
	"google-generative-ai/firebase-googleai/streaming-success-finish-message.txt":
		LAST_FRAME_WITHOUT_BLANK_LINE,
	"google-generative-ai/firebase-googleai/streaming-success-no-content-parts.txt":
		LAST_FRAME_WITHOUT_BLANK_LINE,
	"google-generative-ai/firebase-vertexai/streaming-failure-prompt-blocked-safety-with-message.txt":
		LAST_FRAME_WITHOUT_BLANK_LINE,
	"google-generative-ai/firebase-vertexai/streaming-success-quotes-escaped.txt":
		LAST_FRAME_WITHOUT_BLANK_LINE,
});
