import * as fs from "node:fs/promises";
import * as nodePath from "node:path";
import { random } from "../random.js";

/** What the generated tree holds, for the report and for checking results. */
export interface GeneratedTree {
	root: string;
	/** Every file written, ignored ones included. */
	files: number;
	/** Files that `.gitignore` ignores. */
	ignoredFiles: number;
	bytes: number;
}

const WORDS = [
	"request",
	"user",
	"order",
	"cart",
	"item",
	"price",
	"session",
	"token",
	"cache",
	"queue",
	"stream",
];
const EXTENSIONS = [".ts", ".ts", ".ts", ".tsx", ".js", ".json", ".md"];

function sourceFile(next: () => number, index: number): string {
	const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
	const lines = [`import { ${pick(WORDS)}Helper } from "../shared/${pick(WORDS)}";`, ""];
	const functions = 2 + Math.floor(next() * 6);
	for (let fn = 0; fn < functions; fn++) {
		const name = `${pick(WORDS)}${fn % 3 === 0 ? "Handler" : "Value"}${index}_${fn}`;
		lines.push(`export function ${name}(input: number, options = {}): number {`);
		const body = 2 + Math.floor(next() * 8);
		for (let line = 0; line < body; line++) {
			lines.push(
				`\tconst ${pick(WORDS)}${line} = input * ${Math.floor(next() * 1000)} + ${pick(WORDS)}Helper(options);`,
			);
		}
		// About one function in two hundred mentions the needle (some 2 % of the files).
		if (next() < 0.005) lines.push("\t// TODO(kestrelNeedle): revisit this computation");
		lines.push(`\treturn input;`, "}", "");
	}
	return lines.join("\n");
}

/**
 * Writes `count` files under a fresh folder: `packages/p<N>/src/<module>/<file>` plus
 * tests, a `.gitignore` (ignoring `build/`, `*.log` and `coverage/`) with about a tenth
 * of the files in ignored places, a few binary files, and an empty `.git` folder so that
 * ripgrep and fd treat the tree as a repository and honour its `.gitignore`.
 */
export async function generateTree(parent: string, count: number): Promise<GeneratedTree> {
	const root = await fs.mkdtemp(nodePath.join(parent, "kestrel-fs-bench-"));
	await fs.mkdir(nodePath.join(root, ".git"));
	await fs.writeFile(nodePath.join(root, ".git", "HEAD"), "ref: refs/heads/main\n");
	await fs.writeFile(nodePath.join(root, ".gitignore"), "build/\n*.log\ncoverage/\n");
	// mulberry32 (../random.ts), so every run searches the same tree.
	const next = random(20_000);
	let bytes = 0;
	let ignoredFiles = 0;
	const folders = new Set<string>();
	const writes: { path: string; content: string | Uint8Array }[] = [];
	for (let index = 0; index < count; index++) {
		const packageName = `p${index % 40}`;
		const module = `${WORDS[Math.floor(index / 40) % WORDS.length]}${Math.floor(index / 440) % 12}`;
		let relative: string;
		let content: string | Uint8Array;
		if (index % 10 === 9) {
			// Ignored: build output, coverage and logs.
			const kind = index % 30;
			relative =
				kind === 9
					? `packages/${packageName}/build/${module}/out${index}.js`
					: kind === 19
						? `packages/${packageName}/coverage/${module}/lcov${index}.info`
						: `packages/${packageName}/logs/run${index}.log`;
			content = sourceFile(next, index);
			ignoredFiles++;
		} else if (index % 500 === 7) {
			relative = `packages/${packageName}/assets/image${index}.bin`;
			content = new Uint8Array(4096).map((_, byte) => (byte * 31 + index) & 0xff);
		} else {
			const extension = EXTENSIONS[index % EXTENSIONS.length]!;
			const test = index % 11 === 3 ? ".test" : "";
			relative = `packages/${packageName}/src/${module}/file${index}${test}${extension}`;
			content = sourceFile(next, index);
		}
		bytes += typeof content === "string" ? Buffer.byteLength(content) : content.byteLength;
		folders.add(nodePath.dirname(relative));
		writes.push({ path: nodePath.join(root, relative), content });
	}
	for (const folder of folders) await fs.mkdir(nodePath.join(root, folder), { recursive: true });
	for (let start = 0; start < writes.length; start += 64) {
		await Promise.all(
			writes.slice(start, start + 64).map((write) => fs.writeFile(write.path, write.content)),
		);
	}
	return { root, files: count, ignoredFiles, bytes };
}
