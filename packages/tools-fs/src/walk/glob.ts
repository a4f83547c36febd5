import picomatch from "picomatch";

export interface CompiledGlob {
	matches(relative: string): boolean;
	/** Whether a folder may contain matches, to skip walking folders that cannot. */
	mayContain(relativeFolder: string): boolean;
}

/**
 * A glob over paths relative to the searched folder, as ripgrep's and fd's are: a
 * pattern without `/` matches the file name at any depth (`*.ts`), one with `/` matches
 * the relative path (`src/**\/*.test.ts`). Dotfiles match `*`; braces and extglobs work.
 */
export function compileGlob(pattern: string): CompiledGlob {
	const cleaned = pattern.replace(/^\.\//, "");
	const anchored = cleaned.includes("/");
	const matcher = picomatch(cleaned, { dot: true, basename: !anchored });
	const base = anchored ? picomatch.scan(cleaned).base : "";
	return {
		matches: (relative) => matcher(relative),
		mayContain: (folder) =>
			base === "" || base === folder || base.startsWith(`${folder}/`) || folder.startsWith(`${base}/`),
	};
}
