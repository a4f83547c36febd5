import {
	type AgentTool,
	type PackedTool,
	selectTools,
	type ToolPack,
	type ToolPackFailure,
	ToolPackSet,
} from "@kestrel/agent-core";
import type { ToolPackReport } from "./types.js";

/** What {@link HarnessTools} is built from: the matching fields of `AgentHarnessOptions`. */
export interface HarnessToolsOptions {
	tools?: readonly AgentTool[] | undefined;
	toolPacks?: readonly ToolPack[] | undefined;
	activeTools?: readonly string[] | undefined;
	startTimeoutMs?: number | undefined;
}

/** The tool packs of one harness and the names that select the active tools. */
export class HarnessTools {
	readonly packs: ToolPackSet;
	/** The plain `tools` option: one pack without a name, always first. */
	private staticPack: ToolPack;
	private names: readonly string[] | undefined;
	/** The last selection, kept while it has the same tools so that an unchanged turn keeps its array. */
	private current: AgentTool[] = [];
	private readonly stopStart = new AbortController();
	private started: Promise<readonly ToolPackReport[]> | undefined;
	private startDone = false;
	private readonly startTimeoutMs: number | undefined;

	constructor(options: HarnessToolsOptions) {
		this.packs = new ToolPackSet(options.toolPacks ?? []);
		this.staticPack = plainTools(options.tools ?? []);
		this.names = options.activeTools;
		this.startTimeoutMs = options.startTimeoutMs;
	}

	/** Starts the packs once; see `AgentHarness.start`. */
	start(): Promise<readonly ToolPackReport[]> {
		this.started ??= this.startPacks();
		return this.started;
	}

	/**
	 * Waits for {@link start} unless `signal` fires first (a prompt aborted while the packs
	 * start); resolves with whether the start finished.
	 */
	async startUnlessAborted(signal: AbortSignal): Promise<boolean> {
		if (signal.aborted) return false;
		let onAbort!: () => void;
		const aborted = new Promise<false>((resolve) => {
			onAbort = () => resolve(false);
			signal.addEventListener("abort", onAbort, { once: true });
		});
		try {
			return await Promise.race([this.start().then(() => true), aborted]);
		} finally {
			signal.removeEventListener("abort", onAbort);
		}
	}

	/** Replaces the plain tools (the `tools` option). */
	setPlainTools(tools: readonly AgentTool[]): void {
		this.staticPack = plainTools(tools);
	}

	/** Replaces the names that select the active tools; returns the reports of names that match nothing (once started). */
	setActiveNames(names: readonly string[] | undefined): ToolPackReport[] {
		this.names = names === undefined ? undefined : [...names];
		return this.startDone ? this.unknownNames() : [];
	}

	/**
	 * The tools active now: the plain tools, then the started packs' tools (a name already
	 * taken is left out), kept by the active names. The same array as last time when the
	 * tools are the same.
	 */
	active(): AgentTool[] {
		const { tools } = selectTools(this.available(), this.names);
		if (tools.length !== this.current.length || tools.some((tool, index) => tool !== this.current[index]))
			this.current = tools;
		return this.current;
	}

	/** The guidelines of the packs that have a tool in `active`, each for its own active tools. */
	guidelines(active: readonly AgentTool[]): string[] {
		// Only pack tools: a plain tool that took a pack tool's name must not bring that pack's rules.
		const plain = new Set(this.staticPack.tools());
		return this.packs.guidelines(active.filter((tool) => !plain.has(tool)));
	}

	/** Stops a start still running: the packs not started yet count as failed. */
	stopStarting(): void {
		this.stopStart.abort(new Error("The harness was disposed."));
	}

	/** Stops a start still running, then closes every pack (also those that failed or never started). */
	close(): Promise<readonly ToolPackFailure[]> {
		this.stopStarting();
		return this.packs.close();
	}

	private available(): PackedTool[] {
		const plain = this.staticPack.tools().map((tool) => ({ pack: this.staticPack, tool }));
		const taken = new Set(plain.map(({ tool }) => tool.name));
		return [...plain, ...this.packs.tools().filter(({ tool }) => !taken.has(tool.name))];
	}

	private async startPacks(): Promise<readonly ToolPackReport[]> {
		const failures = await this.packs.start({
			signal: this.stopStart.signal,
			...(this.startTimeoutMs === undefined ? {} : { timeoutMs: this.startTimeoutMs }),
		});
		this.startDone = true;
		const reports: ToolPackReport[] = failures.map(({ pack, message }) => ({
			kind: "start_failed",
			pack,
			message: `The tool pack "${pack}" did not start: ${message}. Its tools are not available.`,
		}));
		const plainNames = new Set(this.staticPack.tools().map((tool) => tool.name));
		const conflicts = [
			...this.packs.tools().filter(({ tool }) => plainNames.has(tool.name)),
			...this.packs.conflicts().map(({ pack, tool }) => ({ pack: { name: pack }, tool: { name: tool } })),
		];
		for (const { pack, tool } of conflicts) {
			reports.push({
				kind: "conflict",
				pack: pack.name,
				tool: tool.name,
				message: `The tool "${tool.name}" of the pack "${pack.name}" is left out: an earlier tool has the same name.`,
			});
		}
		reports.push(...this.unknownNames());
		return reports;
	}

	private unknownNames(): ToolPackReport[] {
		const available = this.available();
		const packNames = this.packs.packs.map((pack) => pack.name);
		// A pack's name is valid even while the pack has no tools (it failed, or offers none yet).
		const unknown = selectTools(available, this.names).unknown.filter((name) => !packNames.includes(name));
		if (unknown.length === 0) return [];
		const valid = [...new Set([...packNames, ...available.map(({ tool }) => tool.name)])];
		return unknown.map((name) => ({
			kind: "unknown_name",
			name,
			valid,
			message:
				`"${name}" names no tool pack or tool, so it selects nothing. ` +
				(valid.length === 0
					? "No tools are available."
					: `Valid names: ${valid.join(", ")} (or a prefix ending in *).`),
		}));
	}
}

/** The plain tools as a pack without a name (a name nobody can select it by). */
function plainTools(tools: readonly AgentTool[]): ToolPack {
	const list = [...tools];
	return { name: "", tools: () => list };
}
