import { anthropicMessages } from "./reference/anthropic-messages.js";
import { describePeerReplay } from "./replay-suite.js";

describePeerReplay(anthropicMessages, {
	// Kestrel bug: a second message_start of another message before message_stop (a proxy
	// spliced two generations into one body) is not detected. The second generation's
	// thinking is appended to the first and the stream only fails when a block index is
	// reused, as kind `unknown` with an internal "block 1 is already open" message, instead
	// of a broken stream (`network`) at the second message_start.
	"anthropic-messages/vercel-anthropic/spliced-message-start.chunks.txt":
		"spliced generations are merged, then fail as unknown",
});
