/**
 * A provider package that could not be used. `kind` says why: `not-found` (no folder it
 * was looked for in has it: `searched` lists them), `no-wire-api` (it exports no wire API
 * module), `load-failed` (importing it threw, or a module it exports cannot be
 * registered). The message says what to do, with the npm command for a missing package.
 */
export class ProviderPackageError extends Error {
	override readonly name = "ProviderPackageError";
	readonly kind: "not-found" | "no-wire-api" | "load-failed";
	/** The package name or path, as it was given. */
	readonly spec: string;
	/** Where it was looked for (`not-found`): the `node_modules` of each folder (Node also looks above them), or the path. */
	readonly searched: readonly string[];

	constructor(
		message: string,
		details: { kind: ProviderPackageError["kind"]; spec: string; searched?: readonly string[] },
		options?: ErrorOptions,
	) {
		super(message, options);
		this.kind = details.kind;
		this.spec = details.spec;
		this.searched = details.searched ?? [];
	}
}
