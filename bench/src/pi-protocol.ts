import type { BenchApi, BenchScenario } from "./scenario.js";

/** Parent → pi-ai runner: the server at `url` plays the warm-up response, then the measured one. */
export interface PiJob {
	api: BenchApi;
	scenario: BenchScenario;
	url: string;
	/** The argument JSON or reply text of the warm-up response. */
	warmUpPayload: string;
	/** The argument JSON or reply text of the measured response. */
	expectedPayload: string;
}

/** pi-ai runner → parent. */
export type PiReport =
	| { type: "measuring" }
	| { type: "measured"; cpuMs: number; wallMs: number; correct: boolean }
	| { type: "failed"; message: string };
