/**
 * `@kestrel/tools-fs`, loaded at run time. The bench package does not depend on it yet
 * (it needs `"@kestrel/tools-fs": "workspace:*"` in its dependencies), so a static import
 * would break the bench's build; the few signatures used here are declared locally and
 * checked structurally against what the package returns.
 */

interface SearchTool<TArguments> {
	execute(
		toolCallId: string,
		args: TArguments,
		signal: AbortSignal,
		onUpdate: () => void,
	): Promise<{ details: { matches: readonly unknown[] } }>;
}

interface Unbounded {
	defaultLimit: number;
	maxBytes: number;
}

export interface GrepArguments {
	pattern: string;
	literal?: boolean;
	ignoreCase?: boolean;
	glob?: string;
}

export interface ToolsFs {
	createGrepTool(root: string, options: Unbounded): SearchTool<GrepArguments>;
	createFindTool(root: string, options: Unbounded): SearchTool<{ pattern: string }>;
}

export async function loadToolsFs(): Promise<ToolsFs> {
	const specifier = "@kestrel/tools-fs";
	try {
		return (await import(specifier)) as ToolsFs;
	} catch (error) {
		throw new Error(
			`The fs-search bench needs @kestrel/tools-fs: add "@kestrel/tools-fs": "workspace:*" to the dependencies of bench/package.json (${String(error)})`,
		);
	}
}
