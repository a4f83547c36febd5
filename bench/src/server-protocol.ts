import type { BenchApi, BenchScenario } from "./scenario.js";

/** One response the server process should play: a streamed tool call or a streamed text reply. */
export interface ResponseSpec {
	api: BenchApi;
	scenario: BenchScenario;
	/** Identifies `payload` so the server encodes each body once. */
	key: string;
	/** The exact argument JSON the tool call streams, or the exact reply text. */
	payload: string;
}

/** Parent → server process. */
export type ServerRequest =
	| { id: number; type: "serve"; responses: ResponseSpec[]; chunkBytes?: number }
	| { id: number; type: "close"; url: string };

/** Server process → parent. */
export type ServerReply =
	| { id: number; type: "served"; url: string; wireBytes: number[] }
	| { id: number; type: "closed" }
	| { id: number; type: "failed"; message: string };
