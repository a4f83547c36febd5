/** Thrown by {@link loadSdk} when an optional provider SDK is not installed. */
export class MissingSdkError extends Error {
	constructor(
		readonly packageName: string,
		readonly api: string,
		readonly versionRange: string,
	) {
		super(
			`The ${api} API needs the package ${packageName}, which is not installed. ` +
				`Install it next to @kestrel/ai: npm install ${packageName}@${versionRange}`,
		);
		this.name = "MissingSdkError";
	}
}

/**
 * Imports an optional SDK on first use. `importer` is a thunk so that the import happens
 * here, lazily, and so that tests can pass one that fails.
 */
export async function loadSdk<T>(
	importer: () => Promise<T>,
	sdk: { packageName: string; api: string; versionRange: string },
): Promise<T> {
	try {
		return await importer();
	} catch (error) {
		const code = (error as { code?: unknown }).code;
		if (code === "ERR_MODULE_NOT_FOUND" || code === "MODULE_NOT_FOUND") {
			throw new MissingSdkError(sdk.packageName, sdk.api, sdk.versionRange);
		}
		throw error;
	}
}
