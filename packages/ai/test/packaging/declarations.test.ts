import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
	declarationEntryPoints,
	moduleSpecifiers,
	packageOf,
	walkDeclarations,
} from "./declaration-graph.js";

/**
 * The provider SDKs are optional peer dependencies: an app installs only the ones it
 * uses. A published declaration that imports one fails to compile (TS2307) in an app
 * without it, under `skipLibCheck: false`. This walks the built `dist` (turbo builds
 * before it tests) from every entry of `exports`.
 */
const SDK_PACKAGES = ["@anthropic-ai/sdk", "@google/genai", "openai"];

const packageRoot = fileURLToPath(new URL("../../", import.meta.url));

describe("published declarations", () => {
	const entries = declarationEntryPoints(packageRoot);

	it("are found for the main entry and for ./testing", () => {
		expect(entries).toEqual(expect.arrayContaining(["dist/index.d.ts", "dist/testing/index.d.ts"]));
		const { files } = walkDeclarations(packageRoot, entries);
		expect(files).toEqual(
			expect.arrayContaining(["dist/types.d.ts", "dist/testing/wire-server/server.d.ts"]),
		);
	});

	it("import no provider SDK from any file reachable from an entry point", () => {
		const { packageImports } = walkDeclarations(packageRoot, entries);
		const sdkImports = packageImports
			.filter(({ specifier }) => SDK_PACKAGES.includes(packageOf(specifier)))
			.map(({ file, specifier, via }) => `${file} imports "${specifier}" (reached from ${via.join(" → ")})`);
		expect(sdkImports).toEqual([]);
	});

	it("import only declaration files that exist", () => {
		const { unresolved } = walkDeclarations(packageRoot, entries);
		expect(unresolved.map(({ file, specifier }) => `${file} imports "${specifier}"`)).toEqual([]);
	});
});

describe("the declaration walk", () => {
	it("finds import and export declarations, import types, require and references", () => {
		const source = [
			'/// <reference types="openai" />',
			'import type { Content } from "@google/genai";',
			"import {",
			"\ttype A,",
			"\ttype B,",
			"} from './multi-line.js';",
			'export * from "./types.js";',
			'export type { C } from "@anthropic-ai/sdk/resources/messages";',
			'import "./side-effect.js";',
			'import fs = require("node:fs");',
			'declare module "augmented" {}',
			'export type Sdk = typeof import("openai");',
		].join("\n");
		expect(moduleSpecifiers(source)).toEqual([
			"openai",
			"@google/genai",
			"./multi-line.js",
			"./types.js",
			"@anthropic-ai/sdk/resources/messages",
			"./side-effect.js",
			"node:fs",
			"augmented",
			"openai",
		]);
	});

	it("ignores comments and strings that only look like imports", () => {
		const source = [
			'/** Imports the `openai` package. Default `import("openai")`. */',
			'// import type { X } from "@google/genai";',
			'export declare const url: "https://example.com//v1";',
			// biome-ignore lint/suspicious/noTemplateCurlyInString: declaration text with a template literal type.
			"export type Path = `${string}/from/${'openai'}`;",
			'export declare const from: "openai";',
			'export type T = { from: "openai" } | "import";',
		].join("\n");
		expect(moduleSpecifiers(source)).toEqual([]);
	});

	it("names each subpath's package", () => {
		expect(packageOf("openai/resources/shared")).toBe("openai");
		expect(packageOf("@google/genai/node")).toBe("@google/genai");
		expect(packageOf("@anthropic-ai/sdk")).toBe("@anthropic-ai/sdk");
	});
});
