/**
 * A `models.json` that cannot be used: unreadable, not JSON, an invalid value, an API no
 * registered wire API module speaks, or a model `defineModel` refuses. The message names
 * the file and each bad key (as a dotted path such as `providers.local.models.0.id`) and
 * says what to do; `problems` holds the same lines without the surrounding text.
 */
export class ModelsFileError extends Error {
	override readonly name = "ModelsFileError";
	/** The file at fault. */
	readonly file: string;
	/** One line per bad key, `"<dotted path>": <what is wrong>`; empty when the file could not be read or parsed. */
	readonly problems: readonly string[];

	constructor(message: string, file: string, problems: readonly string[] = [], options?: ErrorOptions) {
		super(message, options);
		this.file = file;
		this.problems = problems;
	}
}
