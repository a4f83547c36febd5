import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";

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

interface GrepOptions extends Unbounded {
	/** Which engine searches folders: ripgrep on the local disk by default. */
	engine?: "auto" | "ripgrep" | "javascript";
}

export interface GrepArguments {
	pattern: string;
	literal?: boolean;
	ignoreCase?: boolean;
	glob?: string;
}

export interface ToolsFs {
	createGrepTool(root: string, options: GrepOptions): SearchTool<GrepArguments>;
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

/**
 * The `rg` binary that grep of `@kestrel/tools-fs` runs (the one `@vscode/ripgrep`
 * installs), found from that package; `undefined` if it is not installed.
 */
export async function bundledRipgrep(): Promise<string | undefined> {
	try {
		const require = createRequire(import.meta.resolve("@kestrel/tools-fs"));
		const module = (await import(pathToFileURL(require.resolve("@vscode/ripgrep")).href)) as {
			rgPath: string;
		};
		return module.rgPath;
	} catch {
		return undefined;
	}
}
