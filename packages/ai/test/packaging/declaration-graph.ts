import { existsSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

/** A module specifier as written in a declaration file. */
export interface DeclarationImport {
	/** The declaration file, relative to the package root. */
	file: string;
	specifier: string;
	/** The entry declaration and the files between it and `file`, in import order. */
	via: string[];
}

/** What a walk from a package's declaration entry points saw. */
export interface DeclarationGraph {
	/** Every declaration file reached, relative to the package root. */
	files: string[];
	/** Every bare (package) specifier, with the file that names it. */
	packageImports: DeclarationImport[];
	/** Relative specifiers that lead to no declaration file. */
	unresolved: DeclarationImport[];
}

/**
 * The declaration files a TypeScript consumer loads through the package's `exports`: for
 * each subpath, every `.d.ts` target under any condition, and for a `.js` target the
 * declaration beside it (where TypeScript looks when no `types` condition names one).
 */
export function declarationEntryPoints(packageRoot: string): string[] {
	const manifest = JSON.parse(readFileSync(join(packageRoot, "package.json"), "utf8")) as {
		exports?: unknown;
		types?: unknown;
		typings?: unknown;
	};
	const targets: string[] = [];
	const collect = (value: unknown): void => {
		if (typeof value === "string") targets.push(value);
		else if (Array.isArray(value)) value.forEach(collect);
		else if (typeof value === "object" && value !== null) Object.values(value).forEach(collect);
	};
	if (typeof manifest.exports === "string" || Array.isArray(manifest.exports)) collect(manifest.exports);
	else if (typeof manifest.exports === "object" && manifest.exports !== null) {
		for (const [subpath, value] of Object.entries(manifest.exports)) {
			if (subpath.includes("*")) throw new Error(`exports pattern ${subpath}: not supported by this walk`);
			collect(value);
		}
	}
	collect(manifest.types);
	collect(manifest.typings);
	const entries = new Set<string>();
	for (const target of targets) {
		const declaration = isDeclaration(target) ? target : declarationBeside(target);
		if (declaration === undefined) continue;
		if (isDeclaration(target) || existsSync(resolve(packageRoot, declaration))) {
			entries.add(relative(packageRoot, resolve(packageRoot, declaration)));
		}
	}
	return [...entries].sort();
}

/**
 * Follows every relative import of the entry declarations (import and export
 * declarations, `import("…")` types, `require`, triple-slash references, module
 * augmentations) and records the package specifiers met on the way, without entering
 * other packages.
 */
export function walkDeclarations(packageRoot: string, entries: readonly string[]): DeclarationGraph {
	const via = new Map<string, string[]>();
	const queue: string[] = [];
	const packageImports: DeclarationImport[] = [];
	const unresolved: DeclarationImport[] = [];
	for (const entry of entries) {
		if (!existsSync(join(packageRoot, entry))) {
			throw new Error(`${entry} does not exist: build the package first (turbo runs build before test).`);
		}
		via.set(entry, []);
		queue.push(entry);
	}
	for (let next = 0; next < queue.length; next++) {
		const file = queue[next] as string;
		const chain = [...(via.get(file) ?? []), file];
		for (const specifier of new Set(moduleSpecifiers(readFileSync(join(packageRoot, file), "utf8")))) {
			if (!isRelative(specifier)) {
				if (!specifier.startsWith("node:")) packageImports.push({ file, specifier, via: chain.slice(0, -1) });
				continue;
			}
			const target = resolveRelative(packageRoot, file, specifier);
			if (target === undefined) {
				unresolved.push({ file, specifier, via: chain.slice(0, -1) });
			} else if (!via.has(target)) {
				via.set(target, chain);
				queue.push(target);
			}
		}
	}
	return { files: [...queue].sort(), packageImports, unresolved };
}

/** `openai`, `openai/resources/shared` and `@google/genai/node` all belong to their package. */
export function packageOf(specifier: string): string {
	const parts = specifier.split("/");
	return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : (parts[0] as string);
}

/** What comes right before a string that names a module. */
const SPECIFIER_BEFORE = /(?:\bfrom|\bimport|\bimport\s*\(|\brequire\s*\(|\bmodule)\s*$/;

/**
 * The module specifiers of a declaration file. Comments are skipped, except triple-slash
 * references; a string is a specifier when `from`, `import`, `import(`, `require(` or
 * `module` comes right before it.
 */
export function moduleSpecifiers(source: string): string[] {
	const specifiers: string[] = [];
	for (const match of source.matchAll(/^\/\/\/\s*<reference\s+(?:types|path)\s*=\s*(["'])(.*?)\1/gm)) {
		specifiers.push(match[2] as string);
	}
	let code = "";
	let index = 0;
	// Open template literals; each counts the braces of the `${…}` it is in.
	const templates: number[] = [];
	while (index < source.length) {
		const char = source[index] as string;
		const inTemplateText = templates.length > 0 && templates.at(-1) === -1;
		if (inTemplateText) {
			if (char === "\\") index += 2;
			else if (char === "`") {
				templates.pop();
				index++;
			} else if (source.startsWith("${", index)) {
				templates[templates.length - 1] = 0;
				index += 2;
			} else index++;
			continue;
		}
		if (source.startsWith("//", index)) {
			const end = source.indexOf("\n", index);
			index = end < 0 ? source.length : end;
		} else if (source.startsWith("/*", index)) {
			const end = source.indexOf("*/", index + 2);
			index = end < 0 ? source.length : end + 2;
			code += " ";
		} else if (char === '"' || char === "'") {
			let end = index + 1;
			while (end < source.length && source[end] !== char && source[end] !== "\n") {
				end += source[end] === "\\" ? 2 : 1;
			}
			const text = source.slice(index + 1, end);
			if (SPECIFIER_BEFORE.test(code.slice(-32))) specifiers.push(text);
			code += '""';
			index = end + 1;
		} else if (char === "`") {
			templates.push(-1);
			code += "``";
			index++;
		} else {
			if (templates.length > 0) {
				const depth = templates.at(-1) as number;
				if (char === "{") templates[templates.length - 1] = depth + 1;
				else if (char === "}") templates[templates.length - 1] = depth === 0 ? -1 : depth - 1;
			}
			code += char;
			index++;
		}
	}
	return specifiers;
}

function isDeclaration(path: string): boolean {
	return /\.d\.[cm]?ts$/.test(path);
}

function isRelative(specifier: string): boolean {
	return specifier.startsWith("./") || specifier.startsWith("../") || specifier === "." || specifier === "..";
}

/** `index.js` → `index.d.ts`, `.mjs` → `.d.mts`, `.cjs` → `.d.cts`. */
function declarationBeside(path: string): string | undefined {
	const match = /^(.*)\.([cm]?)js$/.exec(path);
	return match ? `${match[1]}.d.${match[2]}ts` : undefined;
}

function resolveRelative(packageRoot: string, fromFile: string, specifier: string): string | undefined {
	const base = resolve(packageRoot, dirname(fromFile), specifier);
	const besides = declarationBeside(base);
	const candidates = isDeclaration(base)
		? [base]
		: [...(besides ? [besides] : []), `${base}.d.ts`, join(base, "index.d.ts")];
	const found = candidates.find((candidate) => existsSync(candidate));
	return found === undefined ? undefined : relative(packageRoot, found);
}
