import { googleGenerativeAI } from "./reference/google-generative-ai.js";
import { describePeerReplay } from "./replay-suite.js";

describePeerReplay(googleGenerativeAI);
