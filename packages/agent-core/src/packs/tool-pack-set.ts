/**
 * The packs of one session, started together and closed together: the one place that
 * knows how many packs there are. The harness and `kestrel` use it; an app may too.
 */
import type { AgentTool } from "../types.js";
import type { ToolPack, ToolPackCommand } from "./tool-pack.js";

/** A pack that did not start, and why. */
export interface ToolPackFailure {
	pack: string;
	message: string;
}

/** Options of {@link ToolPackSet.start}. */
export interface StartToolPacksOptions {
	/** How long one pack may take to start before it counts as failed. Default 30 s. */
	timeoutMs?: number;
	/** Stops every start still running (the session was disposed). */
	signal?: AbortSignal;
}

/** A tool, and the pack it came from. */
export interface PackedTool {
	pack: ToolPack;
	tool: AgentTool;
}

const DEFAULT_START_TIMEOUT_MS = 30_000;

/**
 * Packs composed for one session. Names of packs must be unique; a tool whose name an
 * earlier pack already uses is left out and reported by {@link conflicts} (first wins, so
 * the order of packs decides).
 */
export class ToolPackSet {
	readonly packs: readonly ToolPack[];
	private readonly failed = new Map<string, string>();
	private started: Promise<readonly ToolPackFailure[]> | undefined;
	private closed: Promise<readonly ToolPackFailure[]> | undefined;

	constructor(packs: readonly ToolPack[]) {
		const seen = new Set<string>();
		for (const pack of packs) {
			if (seen.has(pack.name))
				throw new Error(`Two tool packs are named "${pack.name}"; pack names must be unique.`);
			seen.add(pack.name);
		}
		this.packs = [...packs];
	}

	/**
	 * Starts every pack at once, each bounded by `timeoutMs`. Resolves (never rejects)
	 * with the packs that failed; their tools stay out. Calling it again returns the
	 * first call's promise.
	 */
	start(options: StartToolPacksOptions = {}): Promise<readonly ToolPackFailure[]> {
		this.started ??= this.startAll(options);
		return this.started;
	}

	/** Every started pack's tools, in pack order, without conflicting names. */
	tools(): PackedTool[] {
		const names = new Set<string>();
		const result: PackedTool[] = [];
		for (const pack of this.packs) {
			if (this.failed.has(pack.name)) continue;
			for (const tool of pack.tools()) {
				if (names.has(tool.name)) continue;
				names.add(tool.name);
				result.push({ pack, tool });
			}
		}
		return result;
	}

	/** Tools left out because an earlier pack has a tool of the same name. */
	conflicts(): { pack: string; tool: string }[] {
		const owner = new Map<string, string>();
		const found: { pack: string; tool: string }[] = [];
		for (const pack of this.packs) {
			if (this.failed.has(pack.name)) continue;
			for (const tool of pack.tools()) {
				if (owner.has(tool.name)) found.push({ pack: pack.name, tool: tool.name });
				else owner.set(tool.name, pack.name);
			}
		}
		return found;
	}

	/** The guidelines of the packs with at least one tool in `active`, each asked about its own active tools. */
	guidelines(active: readonly AgentTool[]): string[] {
		const activeNames = new Set(active.map((tool) => tool.name));
		const byPack = new Map<ToolPack, AgentTool[]>();
		for (const { pack, tool } of this.tools()) {
			if (!activeNames.has(tool.name)) continue;
			const list = byPack.get(pack) ?? [];
			list.push(tool);
			byPack.set(pack, list);
		}
		return [...byPack].flatMap(([pack, tools]) => [...(pack.guidelines?.(tools) ?? [])]);
	}

	/** The commands of the started packs; a name an earlier pack took is left out. */
	commands(): ToolPackCommand[] {
		const names = new Set<string>();
		const result: ToolPackCommand[] = [];
		for (const pack of this.packs) {
			if (this.failed.has(pack.name)) continue;
			for (const command of pack.commands?.() ?? []) {
				if (names.has(command.name)) continue;
				names.add(command.name);
				result.push(command);
			}
		}
		return result;
	}

	/** The pack that offers the tool named `name`, if any. */
	packOf(toolName: string): ToolPack | undefined {
		return this.tools().find(({ tool }) => tool.name === toolName)?.pack;
	}

	/** Subscribes to every pack's tool changes; returns one function that unsubscribes from all. */
	onToolsChanged(listener: () => void): () => void {
		const stops = this.packs.map((pack) => pack.onToolsChanged?.(listener));
		return () => {
			for (const stop of stops) stop?.();
		};
	}

	/**
	 * Closes every pack at once (also those that failed or never started). Never rejects:
	 * resolves with the packs whose `close` failed. Calling it again returns the first
	 * call's promise.
	 */
	close(): Promise<readonly ToolPackFailure[]> {
		this.closed ??= Promise.allSettled(this.packs.map(async (pack) => pack.close?.())).then((results) =>
			results.flatMap((result, index) =>
				result.status === "fulfilled"
					? []
					: [{ pack: this.packs[index]?.name ?? "", message: errorMessage(result.reason) }],
			),
		);
		return this.closed;
	}

	private async startAll(options: StartToolPacksOptions): Promise<readonly ToolPackFailure[]> {
		const timeoutMs = options.timeoutMs ?? DEFAULT_START_TIMEOUT_MS;
		const results = await Promise.all(
			this.packs.map(async (pack): Promise<ToolPackFailure | undefined> => {
				if (pack.start === undefined) return undefined;
				const message = await startOne(pack, timeoutMs, options.signal);
				if (message === undefined) return undefined;
				this.failed.set(pack.name, message);
				return { pack: pack.name, message };
			}),
		);
		return results.filter((failure): failure is ToolPackFailure => failure !== undefined);
	}
}

/** Starts one pack; resolves with why it failed, or `undefined`. */
async function startOne(
	pack: ToolPack,
	timeoutMs: number,
	outer: AbortSignal | undefined,
): Promise<string | undefined> {
	const controller = new AbortController();
	const onAbort = () => controller.abort(outer?.reason);
	outer?.addEventListener("abort", onAbort, { once: true });
	if (outer?.aborted) controller.abort(outer.reason);
	let timer: ReturnType<typeof setTimeout> | undefined;
	const timedOut = new Promise<string>((resolve) => {
		timer = setTimeout(() => {
			resolve(`did not start within ${timeoutMs} ms`);
			controller.abort(new Error("timeout"));
		}, timeoutMs);
	});
	const aborted = new Promise<string>((resolve) => {
		if (controller.signal.aborted) resolve("start was cancelled");
		controller.signal.addEventListener("abort", () => resolve("start was cancelled"), { once: true });
	});
	try {
		const started = (async () => {
			await pack.start?.(controller.signal);
			return undefined;
		})().catch(errorMessage);
		return await Promise.race([started, timedOut, aborted]);
	} finally {
		clearTimeout(timer);
		outer?.removeEventListener("abort", onAbort);
	}
}

function errorMessage(error: unknown): string {
	return error instanceof Error ? error.message : String(error);
}
