/** Which way of running was asked for. */
export type CliMode = "text" | "json" | "rpc";

/** How tool calls that change things are approved; see `approvalFor`. */
export type ApproveMode = "ask" | "edits" | "all";

/** The parsed command line. Absent fields were not given. */
export interface CliOptions {
	/** Positional arguments, joined with spaces into the prompt. */
	messages: string[];
	provider?: string;
	/** `provider/id[:thinking]`, or a bare id with `--provider`. */
	model?: string;
	/** `--demo`: run the built-in scripted model (no key, not an AI) instead of a real one. */
	demo: boolean;
	thinking?: string;
	apiKey?: string;
	baseUrl?: string;
	systemPrompt?: string;
	appendSystemPrompt?: string;
	/** Pack names, tool names and `prefix*` patterns to enable; `[]` for `--no-tools`; absent for all. */
	tools?: string[];
	continue: boolean;
	resume: boolean;
	/** A session file to open. */
	session?: string;
	/** `false` for `--no-session`: keep the session in memory only. */
	persistSession: boolean;
	sessionDir?: string;
	/** `--session-store <url>`: sessions in a database (`postgres://…`) instead of files. */
	sessionStore?: string;
	approve?: ApproveMode;
	/** `--first-byte-timeout`, `--idle-timeout`, `--max-stall` (given in seconds), in ms. */
	timeouts: { firstByteMs?: number; idleMs?: number; maxStallMs?: number };
	/** `--trust-folder`: record that the user trusts this folder's `.kestrel/settings.json`. */
	trustFolder: boolean;
	listModels: boolean;
	/** `--prune-blobs`: remove the image blobs no session of the folder uses, and exit. */
	pruneBlobs: boolean;
	/** `--export <session> [out.html]`. */
	export?: string[];
	mode: CliMode;
	print: boolean;
}
