import { openAIResponses } from "./reference/openai-responses.js";
import { describePeerReplay } from "./replay-suite.js";

describePeerReplay(openAIResponses);
