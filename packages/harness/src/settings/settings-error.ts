/** One invalid value in a settings file. */
export interface SettingsIssue {
	/** Dotted path of the key, e.g. `compaction.threshold`; empty for the whole file. */
	keyPath: string;
	/** The same place as a JSON pointer (`/mcpServers/my.server/command`): exact when a name holds a dot. */
	pointer: string;
	/** Who declares the key when it is not built in: the tool pack's name. */
	owner?: string;
	/** What the key accepts, in words: `a number greater than 0 and at most 1`. */
	expected: string;
	/** What the file holds there: `1.5`, `"fast"`, `an object`. */
	found: string;
}

/**
 * A settings file that cannot be used: unreadable, not JSON, or holding an invalid value.
 * The message names the file and, for invalid values, each key with what was expected and
 * what was found.
 */
export class SettingsError extends Error {
	override readonly name = "SettingsError";
	/** The settings file at fault. */
	readonly file: string;
	/** The invalid values; empty when the file could not be read or parsed. */
	readonly issues: readonly SettingsIssue[];

	constructor(message: string, file: string, issues: readonly SettingsIssue[] = [], options?: ErrorOptions) {
		super(message, options);
		this.file = file;
		this.issues = issues;
	}
}
