import { startWireServer, type WireServer } from "../wire-server/server.js";
import { type ChosenReply, chooseReply } from "./choose-reply.js";
import { encodeReply, errorResponse, wrongRoute } from "./encode-reply.js";
import { requestFacts } from "./request-facts.js";
import type { ConversationScript } from "./script-schema.js";

/** The model id offered when the script names none. */
export const DEFAULT_CONVERSATION_MODEL = "kestrel-wire";

/** The provider name in the `models.json` snippet. */
export const CONVERSATION_PROVIDER = "wire";

/**
 * The key the `models.json` snippet gives: the server checks none, but the SDKs want one
 * and a real key must never be sent to a test server.
 */
export const CONVERSATION_DUMMY_KEY = "kestrel-wire-dummy-key";

/** One request, as the server answered it. */
export interface ConversationRequestLog {
	/** From 1, over every request received. */
	number: number;
	method: string;
	path: string;
	/** The model-request number (`when.turn`); absent for a request on another route. */
	turn?: number;
	/** The reply that answered; absent when none matched or the route was wrong. */
	chosen?: ChosenReply;
	/** The HTTP status of the answer when it is not a streamed reply. */
	errorStatus?: number;
}

export interface ConversationServerOptions {
	/** Default 0: a free port. */
	port?: number;
	/** Default `127.0.0.1`. */
	host?: string;
	/** Told of every request once its reply is chosen (the bin logs them). */
	onRequest?: (log: ConversationRequestLog) => void;
}

export interface ConversationServer {
	/** The wire server underneath: `requests`, `enqueue` for one-off responses, `close`. */
	server: WireServer;
	/** The `baseUrl` a client of the script's API is given (`…/v1` for the OpenAI APIs). */
	baseUrl: string;
	/** The model id the script offers. */
	model: string;
	/** A `models.json` whose provider `wire` points at the server. */
	modelsJson(): { providers: Record<string, Record<string, unknown>> };
	close(): Promise<void>;
}

/**
 * Serves a conversation script in its API's streaming format: each model request gets
 * the reply `chooseReply` picks (or the script's fallback), a request that no reply
 * matches gets HTTP 400 in the API's error format, and a request on any other route
 * gets 404 naming the one served.
 */
export async function startConversationServer(
	script: ConversationScript,
	options: ConversationServerOptions = {},
): Promise<ConversationServer> {
	const model = script.model ?? DEFAULT_CONVERSATION_MODEL;
	const spent = new Set<number>();
	let turns = 0;
	const server = await startWireServer({
		...(options.port === undefined ? {} : { port: options.port }),
		...(options.host === undefined ? {} : { host: options.host }),
		respond: ({ request, index }) => {
			const log: ConversationRequestLog = { number: index + 1, method: request.method, path: request.path };
			const wrong = wrongRoute(script.api, request.method, request.path);
			if (wrong) {
				options.onRequest?.({ ...log, errorStatus: wrong.status ?? 404 });
				return wrong;
			}
			const turn = ++turns;
			const facts = requestFacts(script.api, request.body, turn);
			const chosen = chooseReply(script, facts, spent);
			if (!chosen) {
				options.onRequest?.({ ...log, turn, errorStatus: 400 });
				return errorResponse(script.api, 400, noMatchMessage(turn, facts.userText, facts.toolResultText));
			}
			options.onRequest?.({ ...log, turn, chosen });
			const inputChars =
				typeof request.body === "string" ? request.body.length : JSON.stringify(request.body).length;
			return encodeReply(script.api, chosen.reply, { turn, model, inputChars });
		},
	});
	const baseUrl = script.api.startsWith("openai-") ? `${server.url}/v1` : server.url;
	return {
		server,
		baseUrl,
		model,
		modelsJson: () => ({
			providers: {
				[CONVERSATION_PROVIDER]: {
					baseUrl,
					api: script.api,
					apiKey: CONVERSATION_DUMMY_KEY,
					models: [{ id: model }],
				},
			},
		}),
		close: () => server.close(),
	};
}

function noMatchMessage(
	turn: number,
	userText: string | undefined,
	toolResultText: string | undefined,
): string {
	const sent =
		userText !== undefined
			? `user text ${JSON.stringify(clip(userText))}`
			: toolResultText !== undefined
				? `tool results ${JSON.stringify(clip(toolResultText))}`
				: "no new user text or tool results";
	return `kestrel-wire: no reply of the script matches model request ${turn} (${sent}); add a reply for it or a "fallback".`;
}

function clip(text: string): string {
	return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}
