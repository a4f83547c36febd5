import { MessageAssembler } from "./assembler.js";
import { apiKeyVariables, getEnvApiKey, requiresApiKey } from "./env-keys.js";
import { classifyFailure } from "./errors/classify.js";
import { describeThrown } from "./errors/from-thrown.js";
import { AssistantEventStream } from "./event-stream.js";
import { MissingSdkError } from "./sdk-loader.js";
import type { AssistantMessageEventStream, Model, ProviderError, StreamOptions } from "./types.js";

export const DEFAULT_FIRST_BYTE_TIMEOUT_MS = 300_000;
export const DEFAULT_IDLE_TIMEOUT_MS = 120_000;

/** What a provider's stream body gets from {@link runProviderStream}. */
export interface ProviderRun {
	readonly assembler: MessageAssembler;
	/** Pass to the SDK: fires on the caller's abort and on a first-byte or idle timeout. */
	readonly signal: AbortSignal;
	/** The caller's key, else the environment's; undefined for keyless servers. */
	readonly apiKey: string | undefined;
	/** The model's headers with the caller's merged over them. */
	readonly headers: Record<string, string>;
	readonly options: StreamOptions;
	/** Call once per wire event: it moves the watchdog from first-byte to idle timing. */
	activity(): void;
	/** Applies `options.onPayload` to a request body. */
	preparePayload<T>(payload: T): Promise<T>;
}

/**
 * The one driver every provider runs in. It returns the stream synchronously and turns
 * every failure — missing key, missing SDK, thrown SDK errors, abort, timeouts, a stream
 * that stops before its final event — into a classified `error` event.
 */
export function runProviderStream(
	model: Model,
	options: StreamOptions,
	body: (run: ProviderRun) => Promise<void>,
): AssistantMessageEventStream {
	const stream = new AssistantEventStream(model);
	const assembler = new MessageAssembler(model, stream);
	void drive(model, options, assembler, body).finally(() => stream.close());
	return stream;
}

async function drive(
	model: Model,
	options: StreamOptions,
	assembler: MessageAssembler,
	body: (run: ProviderRun) => Promise<void>,
): Promise<void> {
	const userSignal = options.signal;
	const controller = new AbortController();
	const watchdog = new Watchdog(
		controller,
		options.firstByteTimeoutMs ?? DEFAULT_FIRST_BYTE_TIMEOUT_MS,
		options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS,
	);
	const onAbort = () => controller.abort(userSignal?.reason);
	userSignal?.addEventListener("abort", onAbort, { once: true });
	try {
		if (userSignal?.aborted) {
			assembler.fail("The request was aborted before it was sent.", { kind: "aborted" });
			return;
		}
		const apiKey = options.apiKey || getEnvApiKey(model.provider);
		if (!apiKey && requiresApiKey(model.provider)) {
			const variables = apiKeyVariables(model.provider).join(" or ");
			assembler.fail(
				`No API key for provider "${model.provider}": set ${variables}, or pass apiKey in the options.`,
				{
					kind: "auth",
				},
			);
			return;
		}
		const run: ProviderRun = {
			assembler,
			signal: controller.signal,
			apiKey,
			headers: { ...model.headers, ...options.headers },
			options,
			activity: () => watchdog.activity(),
			preparePayload: async (payload) => {
				if (!options.onPayload) return payload;
				const replaced = await options.onPayload(payload, model);
				return (replaced ?? payload) as typeof payload;
			},
		};
		watchdog.start();
		await body(run);
		if (!assembler.finished) throw new TruncatedStreamError();
	} catch (thrown) {
		if (assembler.finished) return;
		if (userSignal?.aborted) {
			assembler.fail("The request was aborted.", { kind: "aborted" });
		} else if (watchdog.firedAfterMs !== undefined) {
			const phase = watchdog.sawActivity ? "between two stream events" : "before the first stream event";
			assembler.fail(`The provider sent nothing for ${watchdog.firedAfterMs} ms ${phase}.`, {
				kind: "timeout",
			});
		} else {
			const { message, error } = classifyThrown(thrown);
			assembler.fail(message, error);
		}
	} finally {
		watchdog.stop();
		userSignal?.removeEventListener("abort", onAbort);
	}
}

class TruncatedStreamError extends Error {
	constructor() {
		super("The connection closed before the response was complete.");
		this.name = "TruncatedStreamError";
	}
}

/**
 * The message is the provider's own words (or Kestrel's sentence); who failed and how
 * travels as data: the message's `provider` and `api`, and `error.status` and `error.code`.
 * Apps word them for their users.
 */
function classifyThrown(thrown: unknown): { message: string; error: ProviderError } {
	if (thrown instanceof MissingSdkError)
		return { message: thrown.message, error: { kind: "invalid_request", code: "missing_sdk" } };
	if (thrown instanceof TruncatedStreamError) return { message: thrown.message, error: { kind: "network" } };
	const facts = describeThrown(thrown);
	const error: ProviderError = facts.kind ? { kind: facts.kind, raw: facts.raw } : classifyFailure(facts);
	return { message: facts.message || "The provider request failed.", error };
}

/**
 * One timer for both timeouts. Activity only records a time; the timer re-arms itself
 * when it fires early, so a fast stream costs no timer work per event.
 */
class Watchdog {
	sawActivity = false;
	firedAfterMs: number | undefined;
	private lastActivity = 0;
	private timer: ReturnType<typeof setTimeout> | undefined;

	constructor(
		private readonly controller: AbortController,
		private readonly firstByteMs: number,
		private readonly idleMs: number,
	) {}

	start(): void {
		this.lastActivity = performance.now();
		this.arm(this.firstByteMs);
	}

	activity(): void {
		this.lastActivity = performance.now();
		if (!this.sawActivity) {
			this.sawActivity = true;
			this.arm(this.idleMs);
		}
	}

	stop(): void {
		if (this.timer) clearTimeout(this.timer);
		this.timer = undefined;
	}

	private arm(ms: number): void {
		this.stop();
		if (ms > 0) this.timer = setTimeout(() => this.check(), ms);
	}

	private check(): void {
		const limit = this.sawActivity ? this.idleMs : this.firstByteMs;
		const quiet = performance.now() - this.lastActivity;
		if (quiet + 1 < limit) {
			this.timer = setTimeout(() => this.check(), limit - quiet);
			return;
		}
		this.firedAfterMs = limit;
		this.controller.abort(new Error(`timeout after ${limit} ms`));
	}
}
