/**
 * The `mcpServers` settings: the shape users already write for other agents (Claude Code,
 * Cursor, Cline), so a block can be copied across unchanged.
 */
import { type Static, Type } from "typebox";

/** One server: `command` (stdio) or `url` (Streamable HTTP, with SSE as fallback). */
export const McpServerSettingsSchema = Type.Object({
	/** `stdio`, `http` (Streamable HTTP only) or `sse` (legacy SSE only). Default: from `command` / `url`. */
	type: Type.Optional(Type.Union([Type.Literal("stdio"), Type.Literal("http"), Type.Literal("sse")])),
	/** The program to start (stdio). `$VAR` / `${VAR}` are expanded. */
	command: Type.Optional(Type.String()),
	/** Its arguments; `$VAR` / `${VAR}` are expanded. */
	args: Type.Optional(Type.Array(Type.String())),
	/** Variables added to the minimal environment a stdio server gets; values are expanded. */
	env: Type.Optional(Type.Record(Type.String(), Type.String())),
	/** The stdio server's working folder, relative to the session's; default the session's. */
	cwd: Type.Optional(Type.String()),
	/** The endpoint of a remote server. `$VAR` / `${VAR}` are expanded. */
	url: Type.Optional(Type.String()),
	/** Request headers for a remote server (`Authorization`); values are expanded. */
	headers: Type.Optional(Type.Record(Type.String(), Type.String())),
	/** `false` keeps the server configured but off. Default `true`. */
	enabled: Type.Optional(Type.Boolean()),
	/** Cline's spelling of `enabled: false`. */
	disabled: Type.Optional(Type.Boolean()),
	/** How long one tool call may take, in ms (progress notifications restart the clock). Default 60 000. */
	timeout: Type.Optional(Type.Number({ exclusiveMinimum: 0 })),
	/** How long starting and initializing the server may take, in ms. Default 20 000. */
	startupTimeout: Type.Optional(Type.Number({ exclusiveMinimum: 0 })),
	/** Only these tools (names as the server gives them; `*` and `?` match any text / one character). */
	allow: Type.Optional(Type.Array(Type.String())),
	/** Never these tools (same patterns); wins over `allow`. */
	deny: Type.Optional(Type.Array(Type.String())),
});

/** One server's settings, as written under `mcpServers.<name>`. */
export type McpServerSettings = Static<typeof McpServerSettingsSchema>;

/** The settings key the pack owns: `mcpServers`, a map from server names to their settings. */
export const McpSettingsSchema = Type.Object({
	mcpServers: Type.Optional(Type.Record(Type.String(), McpServerSettingsSchema)),
});

export type McpSettings = Static<typeof McpSettingsSchema>;

/** Default of {@link McpServerSettings.timeout}. */
export const DEFAULT_CALL_TIMEOUT_MS = 60_000;
/** Default of {@link McpServerSettings.startupTimeout}: below the 30 s a ToolPackSet gives a whole pack. */
export const DEFAULT_STARTUP_TIMEOUT_MS = 20_000;
