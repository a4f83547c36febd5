/**
 * A failure the user can fix, with the exit code to leave with: 1 for an error, 2 for a
 * usage problem (a flag combination or a mode that is not available). The message is
 * printed as it is, so it says what to do.
 */
export class CliError extends Error {
	constructor(
		message: string,
		readonly exitCode: 1 | 2 = 1,
		options?: ErrorOptions,
	) {
		super(message, options);
		this.name = "CliError";
	}
}
