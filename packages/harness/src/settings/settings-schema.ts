import { type Static, Type } from "typebox";

const PositiveInteger = Type.Integer({ minimum: 1 });
const Milliseconds = Type.Integer({ minimum: 0 });

/** `compaction` in settings files: any subset of `CompactionSettings`. */
export const CompactionSettingsSchema = Type.Object({
	enabled: Type.Optional(Type.Boolean()),
	threshold: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 1 })),
	reserveTokens: Type.Optional(PositiveInteger),
	keepRecentTokens: Type.Optional(PositiveInteger),
	toolResultMaxChars: Type.Optional(PositiveInteger),
	summaryMaxTokens: Type.Optional(PositiveInteger),
});

/** `retry` in settings files: any subset of `RetrySettings`. */
export const RetrySettingsSchema = Type.Object({
	enabled: Type.Optional(Type.Boolean()),
	maxAttempts: Type.Optional(Type.Integer({ minimum: 0 })),
	baseDelayMs: Type.Optional(Milliseconds),
	maxDelayMs: Type.Optional(Milliseconds),
	maxRetryAfterMs: Type.Optional(Milliseconds),
});

/** `timeouts` in settings files: `TimeoutSettings`, how long a silent provider is waited on. */
export const TimeoutSettingsSchema = Type.Object({
	firstByteMs: Type.Optional(Milliseconds),
	idleMs: Type.Optional(Milliseconds),
	maxStallMs: Type.Optional(Milliseconds),
});

/**
 * The schema of `settings.json` (global and project). Every key is optional; keys it does
 * not know are allowed here and reported as warnings by `loadSettings`.
 */
export const SettingsSchema = Type.Object({
	/** The provider of the model used when none is chosen (`anthropic`, `openai`, …). */
	defaultProvider: Type.Optional(Type.String({ minLength: 1 })),
	/** The model id used when none is chosen. */
	defaultModel: Type.Optional(Type.String({ minLength: 1 })),
	defaultThinkingLevel: Type.Optional(
		Type.Union([
			Type.Literal("off"),
			Type.Literal("minimal"),
			Type.Literal("low"),
			Type.Literal("medium"),
			Type.Literal("high"),
			Type.Literal("xhigh"),
		]),
	),
	compaction: Type.Optional(CompactionSettingsSchema),
	retry: Type.Optional(RetrySettingsSchema),
	timeouts: Type.Optional(TimeoutSettingsSchema),
	session: Type.Optional(
		Type.Object({
			/** When appends are made durable; see `FsyncPolicy`. */
			fsync: Type.Optional(Type.Union([Type.Literal("entry"), Type.Literal("turn"), Type.Literal("never")])),
			/** Where sessions are kept; relative paths are resolved against the settings file's folder. */
			dir: Type.Optional(Type.String({ minLength: 1 })),
			/**
			 * Where sessions are kept instead of files: a store URL, `postgres://user@host/db`
			 * for `@kestrel/session-postgres`. Unset: files in `dir`.
			 */
			store: Type.Optional(Type.String({ minLength: 1 })),
		}),
	),
	/** Which tool calls need the user's approval: `ask` every one, `edits` file changes only… */
	approve: Type.Optional(Type.Union([Type.Literal("ask"), Type.Literal("edits"), Type.Literal("all")])),
	/** Load `AGENTS.md` / `CLAUDE.md` into the system prompt. Default true. */
	contextFiles: Type.Optional(Type.Boolean()),
	/**
	 * Provider packages to load at start (`["@kestrel/provider-bedrock"]`): package names,
	 * or paths (relative ones against the settings file's folder). The global and project
	 * lists add up. Loading a package runs its code, so a project file's list applies only
	 * in a trusted folder.
	 */
	providers: Type.Optional(Type.Array(Type.String({ minLength: 1 }))),
	/**
	 * Tool-pack packages to add to the host's own (`["@acme/kestrel-tools-jira"]`): package
	 * names, or paths (relative ones against the settings file's folder). The global and
	 * project lists add up. Loading a package runs its code, so a project file's list
	 * applies only in a trusted folder.
	 */
	toolPacks: Type.Optional(Type.Array(Type.String({ minLength: 1 }))),
});

/** The contents of a settings file, and of the merged settings. */
export type Settings = Static<typeof SettingsSchema>;
