import { openAICompletions } from "./reference/openai-completions.js";
import { describePeerReplay } from "./replay-suite.js";

describePeerReplay(openAICompletions);
