import { anthropicMessages } from "./reference/anthropic-messages.js";
import { describePeerReplay } from "./replay-suite.js";

describePeerReplay(anthropicMessages);
