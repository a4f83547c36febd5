import type { BenchApi } from "./scenario.js";

/** One response the server process should play: a streamed tool call. */
export interface ResponseSpec {
	api: BenchApi;
	/** Identifies `argumentsJson` so the server encodes each body once. */
	key: string;
	/** The exact argument text the tool call streams. */
	argumentsJson: string;
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
