import { MessageAssembler } from "./assembler.js";
import { classifyFailure } from "./errors/classify.js";
import { isConnectFailureBeforeResponse } from "./errors/connect-failure.js";
import { type DescribedFailure, describeThrown } from "./errors/from-thrown.js";
import { AssistantEventStream } from "./event-stream.js";
import { type ProviderKeySource, resolveApiKey } from "./provider-keys.js";
import { MissingSdkError } from "./sdk-loader.js";
import type {
	AssistantMessageEvent,
	AssistantMessageEventStream,
	Model,
	ProviderError,
	StreamOptions,
} from "./types.js";

export const DEFAULT_FIRST_BYTE_TIMEOUT_MS = 300_000;
export const DEFAULT_IDLE_TIMEOUT_MS = 120_000;

/** What a provider's stream body gets from {@link runProviderStream}. */
export interface ProviderRun {
	readonly assembler: MessageAssembler;
	/** Pass to the SDK: fires on the caller's abort and on a first-byte or idle timeout. */
	readonly signal: AbortSignal;
	/**
	 * The caller's key, else the environment's (see {@link ProviderRunHooks.keySources});
	 * undefined for keyless servers.
	 */
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
 *
 * A connection that fails before any byte of the response arrived (refused, or a stale
 * keep-alive socket the server had closed) is retried here, `options.connectRetries`
 * times (default {@link DEFAULT_CONNECT_RETRIES}) after short abortable waits: `body`
 * runs again from the start with a fresh assembler, and consumers see only the attempt
 * that got an answer. Anything else is reported, for the caller (or the SDK's own
 * `maxRetries`) to retry.
 */
export function runProviderStream(
	model: Model,
	options: StreamOptions,
	body: (run: ProviderRun) => Promise<void>,
	hooks: ProviderRunHooks = {},
): AssistantMessageEventStream {
	const stream = new RunEventStream(model);
	void drive(model, options, stream, body, hooks).finally(() => stream.close());
	return stream;
}

/** How a provider adapts the run to its SDK. */
export interface ProviderRunHooks {
	/**
	 * Turns what the body threw into failure facts, for an SDK whose errors do not have
	 * the `APIError` shape `describeThrown` reads (status, headers, `error` body). Return
	 * undefined to fall back to `describeThrown`. A wire API module passes its own
	 * `describeError` here.
	 */
	describeError?: (thrown: unknown) => DescribedFailure | undefined;
	/**
	 * Wire API modules (any object with their `auth` and `providers`) to find the key in
	 * when the options carry none: the environment variables of the first one that declares
	 * `model.provider` are read, and a hosted provider whose variables are all unset ends
	 * with a `kind: "auth"` error naming them, before `body` runs.
	 * `ProviderRegistry.stream()` has already done this with the modules registered in it;
	 * pass the implementation's own module here so that calling the implementation
	 * directly finds the key too. Default: none (the caller's key only).
	 */
	keySources?: readonly ProviderKeySource[];
}

/** Retries of a connection that failed before the response, when the options set none. */
export const DEFAULT_CONNECT_RETRIES = 2;

/** The waits before the connection retries; later retries wait as long as the last. */
const CONNECT_RETRY_DELAYS_MS = [100, 400];

/** The event stream of a run; it knows whether consumers saw anything yet. */
class RunEventStream extends AssistantEventStream {
	pushed = false;

	override push(event: AssistantMessageEvent): void {
		this.pushed = true;
		super.push(event);
	}
}

async function drive(
	model: Model,
	options: StreamOptions,
	stream: RunEventStream,
	body: (run: ProviderRun) => Promise<void>,
	hooks: ProviderRunHooks,
): Promise<void> {
	const userSignal = options.signal;
	let assembler = new MessageAssembler(model, stream);
	if (userSignal?.aborted) {
		assembler.fail("The request was aborted before it was sent.", { kind: "aborted" });
		return;
	}
	const retries = options.connectRetries ?? DEFAULT_CONNECT_RETRIES;
	if (!Number.isInteger(retries) || retries < 0) {
		assembler.fail(
			`StreamOptions.connectRetries must be a whole number of 0 or more (got ${String(retries)}); 0 turns connection retries off.`,
			{ kind: "invalid_request", code: "invalid_option" },
		);
		return;
	}
	const { apiKey, missing } = resolveApiKey(model.provider, options.apiKey, hooks.keySources ?? []);
	if (missing !== undefined) {
		assembler.fail(missing, { kind: "auth" });
		return;
	}
	for (let attempt = 0; ; attempt++) {
		const failure = await attemptOnce(model, options, assembler, apiKey, body, hooks);
		if (!failure) return;
		// A retry must be invisible: consumers have seen nothing of this attempt.
		if (attempt >= retries || stream.pushed) {
			const { message, error } = classifyThrown(failure.thrown, hooks);
			assembler.fail(message, error);
			return;
		}
		const delay = CONNECT_RETRY_DELAYS_MS[Math.min(attempt, CONNECT_RETRY_DELAYS_MS.length - 1)] ?? 0;
		if (!(await waitUnlessAborted(delay, userSignal))) {
			assembler.fail("The request was aborted.", { kind: "aborted" });
			return;
		}
		assembler = new MessageAssembler(model, stream);
	}
}

/**
 * Sends the request once and ends the message, except when the connection failed before
 * any byte of the response: that failure is returned unreported, for `drive` to retry.
 */
async function attemptOnce(
	model: Model,
	options: StreamOptions,
	assembler: MessageAssembler,
	apiKey: string | undefined,
	body: (run: ProviderRun) => Promise<void>,
	hooks: ProviderRunHooks,
): Promise<{ thrown: unknown } | undefined> {
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
		return undefined;
	} catch (thrown) {
		if (assembler.finished) return undefined;
		if (userSignal?.aborted) {
			assembler.fail("The request was aborted.", { kind: "aborted" });
		} else if (watchdog.firedAfterMs !== undefined) {
			const phase = watchdog.sawActivity ? "between two stream events" : "before the first stream event";
			assembler.fail(`The provider sent nothing for ${watchdog.firedAfterMs} ms ${phase}.`, {
				kind: "timeout",
			});
		} else if (
			!watchdog.sawActivity &&
			(hooks.describeError?.(thrown)?.beforeResponse ?? isConnectFailureBeforeResponse(thrown))
		) {
			return { thrown };
		} else {
			const { message, error } = classifyThrown(thrown, hooks);
			assembler.fail(message, error);
		}
		return undefined;
	} finally {
		watchdog.stop();
		userSignal?.removeEventListener("abort", onAbort);
	}
}

/** Resolves true after `ms`, or false as soon as `signal` fires (at once if it has). */
function waitUnlessAborted(ms: number, signal: AbortSignal | undefined): Promise<boolean> {
	if (signal?.aborted) return Promise.resolve(false);
	return new Promise((resolve) => {
		const onAbort = () => {
			clearTimeout(timer);
			resolve(false);
		};
		const timer = setTimeout(() => {
			signal?.removeEventListener("abort", onAbort);
			resolve(true);
		}, ms);
		signal?.addEventListener("abort", onAbort, { once: true });
	});
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
function classifyThrown(thrown: unknown, hooks: ProviderRunHooks): { message: string; error: ProviderError } {
	if (thrown instanceof MissingSdkError)
		return { message: thrown.message, error: { kind: "invalid_request", code: "missing_sdk" } };
	if (thrown instanceof TruncatedStreamError) return { message: thrown.message, error: { kind: "network" } };
	const facts = hooks.describeError?.(thrown) ?? describeThrown(thrown);
	const error: ProviderError = facts.kind
		? { ...classifyFailure(facts), kind: facts.kind }
		: classifyFailure(facts);
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
