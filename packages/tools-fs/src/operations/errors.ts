/** An `Error` with a Node-style `code`, as `FileOperations` implementations reject with. */
export class FileSystemError extends Error {
	readonly code: string;

	constructor(code: string, message: string) {
		super(`${code}: ${message}`);
		this.name = "FileSystemError";
		this.code = code;
	}
}

export function errorCode(error: unknown): string | undefined {
	if (typeof error === "object" && error !== null && "code" in error) {
		const code = (error as { code: unknown }).code;
		return typeof code === "string" ? code : undefined;
	}
	return undefined;
}

/** Missing, or a path through something that is not a folder. */
export function isNotFound(error: unknown): boolean {
	const code = errorCode(error);
	return code === "ENOENT" || code === "ENOTDIR";
}

export function errorMessage(error: unknown): string {
	return error instanceof Error ? error.message : String(error);
}
