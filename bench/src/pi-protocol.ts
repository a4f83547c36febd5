import type { BenchApi } from "./scenario.js";

/** Parent → pi-ai runner: the server at `url` plays the warm-up response, then the measured one. */
export interface PiJob {
	api: BenchApi;
	url: string;
	warmUpJson: string;
	expectedJson: string;
}

/** pi-ai runner → parent. */
export type PiReport =
	| { type: "measuring" }
	| { type: "measured"; cpuMs: number; wallMs: number; correct: boolean }
	| { type: "failed"; message: string };
