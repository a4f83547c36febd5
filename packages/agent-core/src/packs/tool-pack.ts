/**
 * The `ToolPack` contract: a named set of tools with the rules the model should follow
 * when using them, an optional asynchronous start (discovery, connections) and close,
 * its own settings, and commands for the user. Every layer uses it: the harness builds
 * the system prompt from the active packs, `kestrel` composes packs from settings and
 * flags without naming a tool.
 */

import type { UserContent } from "@kestrel/ai";
import type { Static, TObject } from "typebox";
import type { AgentTool } from "../types.js";

/** What a pack's command gives back: text for the user, or a prompt for the model. */
export type ToolPackCommandResult =
	| { kind: "show"; text: string }
	| { kind: "prompt"; content: UserContent[] };

/**
 * A command a pack offers the user (`/name args` in the terminal, a `command` in RPC),
 * such as MCP's prompts or a status listing.
 */
export interface ToolPackCommand {
	/** Without the slash; unique among the packs of a session. */
	name: string;
	/** One line for command lists. */
	description: string;
	/** The argument text after the name, described for completion and help, e.g. `<path> [depth]`. */
	argumentHint?: string;
	run(args: string, signal: AbortSignal): Promise<ToolPackCommandResult>;
}

/**
 * A started pack's state for status displays: `ready`, `starting`, or `failed` with what
 * went wrong; `parts` lists what the pack is made of (an MCP pack's servers).
 */
export interface ToolPackStatus {
	state: "starting" | "ready" | "failed";
	/** Why it failed, or a note about a ready pack (e.g. "2 of 3 servers connected"). */
	detail?: string;
	parts?: readonly {
		name: string;
		state: "starting" | "ready" | "failed" | "disabled";
		detail?: string;
		tools: readonly string[];
	}[];
}

/**
 * A live set of tools. Create one with a pack's own factory (`fsToolPack(cwd)`) or from
 * settings with its module's {@link ToolPackModule.create}.
 *
 * Lifecycle: `start` (when present) is awaited once before the pack's tools are used;
 * `tools()` may be empty before it resolves and may change after it (watch with
 * `onToolsChanged`). `close` is called once when the session ends, also after a failed
 * or aborted start; it must not throw for a pack that never started.
 */
export interface ToolPack {
	/** Unique among the packs of a session; `--tools` accepts it to mean all its tools. */
	readonly name: string;
	/** The tools the pack offers now. Their names must be unique across the session's packs. */
	tools(): readonly AgentTool[];
	/**
	 * Usage rules for the system prompt, for this turn's active tools of this pack (never
	 * empty: the pack is asked only when at least one of its tools is active). Each line
	 * of each string becomes one bullet; name only tools that are active.
	 */
	guidelines?(active: readonly AgentTool[]): readonly string[];
	/** Discovery and connections. `signal` fires on timeout or when the session is disposed first. */
	start?(signal: AbortSignal): Promise<void>;
	/** Stops everything the pack started (processes, connections). */
	close?(): Promise<void>;
	/** Calls `listener` after `tools()` changed; returns the unsubscribe function. */
	onToolsChanged?(listener: () => void): () => void;
	/** Commands for the user. */
	commands?(): readonly ToolPackCommand[];
	/** State for status displays (`/packs`, `/mcp`). */
	status?(): ToolPackStatus;
}

/** What a pack module's `create` receives from the composition root (e.g. `kestrel`). */
export interface ToolPackContext<TSettings = Record<string, unknown>> {
	/** The working folder. */
	cwd: string;
	/** The values of the settings keys the module declares, validated against its schema (absent keys are absent). */
	settings: TSettings;
	/**
	 * Environment variables that hold provider keys and credentials. A pack that starts
	 * processes or sends requests must not pass them on unless its own settings name them.
	 */
	secretVariables: readonly string[];
	/** A folder the pack may write logs into (created on demand by the pack). */
	logDir: string;
	/** Reports something the user should know (a server that failed to start). */
	warn(message: string): void;
}

/**
 * What a tool-pack package exports (as `toolPack`) so that an app or `kestrel` can build
 * the pack from settings without knowing it.
 *
 * @example
 * ```ts
 * export const toolPack = defineToolPack({
 *   name: "notes",
 *   description: "Read and append to a notes file",
 *   settings: Type.Object({ notesFile: Type.Optional(Type.String()) }),
 *   create: ({ cwd, settings }) => notesPack(cwd, settings.notesFile ?? "NOTES.md"),
 * });
 * ```
 */
export interface ToolPackModule<TSettingsSchema extends TObject = TObject> {
	/** The pack's name (the `name` of what `create` returns). */
	name: string;
	/** One line for listings and errors. */
	description: string;
	/**
	 * The top-level settings keys the pack owns (e.g. `mcpServers`), as a TypeBox object
	 * schema with optional properties: settings files accept and validate these keys, and
	 * `create` receives their values.
	 */
	settings?: TSettingsSchema;
	create(context: ToolPackContext<Partial<Static<TSettingsSchema>>>): ToolPack;
}

/** Declares a pack module with its settings type inferred from the schema. Identity at run time. */
export function defineToolPack<TSettingsSchema extends TObject>(
	module: ToolPackModule<TSettingsSchema>,
): ToolPackModule<TSettingsSchema> {
	return module;
}

/** A pack over a fixed list of tools: a ready-made {@link ToolPack} for tools that need no start or close. */
export function staticToolPack(
	name: string,
	tools: readonly AgentTool[],
	guidelines?: (active: readonly AgentTool[]) => readonly string[],
): ToolPack {
	const list = [...tools];
	return { name, tools: () => list, ...(guidelines === undefined ? {} : { guidelines }) };
}
