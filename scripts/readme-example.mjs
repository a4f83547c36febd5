// The one README-example runner of the packages' `test/readme/readme-example.test.ts`.
// Types and documentation: readme-example.d.mts.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export function readReadmeExample(packageUrl) {
	const packageRoot = fileURLToPath(packageUrl);
	const readme = readFileSync(join(packageRoot, "README.md"), "utf8");
	const start = readme.indexOf("## Example");
	if (start < 0) throw new Error(`${join(packageRoot, "README.md")} has no "## Example" heading`);
	const section = readme.slice(start);
	const code = /```ts\n([\s\S]*?)```/.exec(section)?.[1];
	if (!code) throw new Error(`${join(packageRoot, "README.md")} has no \`\`\`ts block under ## Example`);
	const output = /It prints[^\n]*\n\n```\n([\s\S]*?)```/.exec(section)?.[1];
	return output === undefined ? { code } : { code, output };
}

export async function runReadmeExample(packageUrl, options = {}) {
	const example = readReadmeExample(packageUrl);
	const directory = fileURLToPath(new URL(options.directory ?? "test/readme/.generated/", packageUrl));
	mkdirSync(directory, { recursive: true });
	const file = join(directory, "example.ts");
	writeFileSync(file, example.code);
	const printed = [];
	const log = console.log;
	const write = process.stdout.write;
	console.log = (...parts) => {
		printed.push(
			`${parts.map((part) => (typeof part === "string" ? part : JSON.stringify(part))).join(" ")}\n`,
		);
	};
	if (options.stdout) {
		process.stdout.write = (chunk) => {
			printed.push(String(chunk));
			return true;
		};
	}
	try {
		await import(/* @vite-ignore */ file);
	} finally {
		console.log = log;
		process.stdout.write = write;
	}
	return { ...example, printed: printed.join("") };
}
