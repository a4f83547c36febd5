const reference = /\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}|\$([A-Za-z_][A-Za-z0-9_]*)/g;

/** A `$VAR` that is not set, named with the settings field that uses it. */
export class MissingVariableError extends Error {
	constructor(
		readonly variable: string,
		readonly field: string,
	) {
		super(
			`${field} uses $${variable}, which is not set: set it in the environment, or write the value in the settings.`,
		);
		this.name = "MissingVariableError";
	}
}

/**
 * Replaces `$VAR`, `${VAR}` and `${VAR:-default}` in `text` with values from `env`. A `$`
 * that starts no name stays as it is. Throws {@link MissingVariableError} (naming `field`)
 * for a variable that is not set and has no default.
 */
export function expandVariables(
	text: string,
	env: Readonly<Record<string, string | undefined>>,
	field: string,
): string {
	return text.replace(
		reference,
		(_match, braced: string | undefined, fallback: string | undefined, bare: string | undefined) => {
			const name = (braced ?? bare) as string;
			const value = env[name];
			if (value !== undefined) return value;
			if (fallback !== undefined) return fallback;
			throw new MissingVariableError(name, field);
		},
	);
}

/** {@link expandVariables} over every value of a record; `field` names the record (`env`, `headers`). */
export function expandRecord(
	record: Readonly<Record<string, string>> | undefined,
	env: Readonly<Record<string, string | undefined>>,
	field: string,
): Record<string, string> {
	const result: Record<string, string> = {};
	for (const [key, value] of Object.entries(record ?? {}))
		result[key] = expandVariables(value, env, `${field}.${key}`);
	return result;
}
