import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, inject, it } from "vitest";
import { WORKSPACE } from "./support/consumer-app.js";
import { output, run } from "./support/processes.js";

const { tarballs, unpacked } = inject("packaging");
const names = Object.keys(tarballs).sort();
const bin = (name: string) => join(WORKSPACE, "packaging/node_modules/.bin", name);

/** Every file of an extracted tarball, relative to its `package/` folder. */
function filesOf(name: string): string[] {
	const folder = unpacked[name] as string;
	return readdirSync(folder, { recursive: true, withFileTypes: true })
		.filter((entry) => entry.isFile())
		.map((entry) => relative(folder, join(entry.parentPath, entry.name)));
}

describe("each tarball", () => {
	it.each(names)("%s has a LICENSE, its README and the metadata a registry page shows", (name) => {
		const folder = unpacked[name] as string;
		const manifest = JSON.parse(readFileSync(join(folder, "package.json"), "utf8"));
		expect(readFileSync(join(folder, "LICENSE"), "utf8")).toMatch(/^MIT License/);
		expect(existsSync(join(folder, "README.md"))).toBe(true);
		expect(manifest).toMatchObject({
			license: "MIT",
			engines: { node: ">=22.12" },
			repository: {
				type: "git",
				url: "git+https://github.com/kestrel-agents/kestrel.git",
				directory: expect.stringMatching(/^packages\//),
			},
			homepage: expect.stringMatching(
				/^https:\/\/github\.com\/kestrel-agents\/kestrel\/tree\/main\/packages\//,
			),
			bugs: { url: "https://github.com/kestrel-agents/kestrel/issues" },
		});
		expect(manifest.keywords.length).toBeGreaterThan(0);
	});

	it.each(names)("%s ships no build state and no tests", (name) => {
		const unwanted = filesOf(name).filter((file) =>
			/\.tsbuildinfo$|\.test\.[cm]?[jt]sx?$|(^|\/)test\//.test(file),
		);
		expect(unwanted).toEqual([]);
	});

	it.each(names)("%s: every source map points at files the tarball holds", (name) => {
		const folder = unpacked[name] as string;
		const missing: string[] = [];
		for (const file of filesOf(name).filter((path) => path.endsWith(".map"))) {
			const map = JSON.parse(readFileSync(join(folder, file), "utf8")) as {
				sourceRoot?: string;
				sources: string[];
			};
			for (const source of map.sources) {
				const path = resolve(dirname(join(folder, file)), map.sourceRoot ?? "", source);
				if (!existsSync(path)) missing.push(`${file} -> ${source}`);
			}
		}
		expect(missing).toEqual([]);
	});

	it.each(names)("%s: every relative link of its README points at a file the tarball holds", (name) => {
		const folder = unpacked[name] as string;
		const readme = readFileSync(join(folder, "README.md"), "utf8");
		const links = [...readme.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1] as string);
		const local = links.filter((link) => !/^[a-z]+:|^#/.test(link)).map((link) => link.replace(/#.*$/, ""));
		expect(local.filter((link) => !existsSync(resolve(folder, link)))).toEqual([]);
	});
});

describe("the packaging linters", () => {
	it.concurrent.each(names)("publint --strict finds nothing in %s", async (name) => {
		const result = await run(bin("publint"), ["--strict", tarballs[name] as string], { cwd: WORKSPACE });
		expect(result.code, output(result)).toBe(0);
		expect(output(result)).toContain("All good!");
	});

	it.concurrent.each(names)("Are the Types Wrong (ESM-only profile) finds no problem in %s", async (name) => {
		const result = await run(
			bin("attw"),
			[
				tarballs[name] as string,
				"--profile",
				"esm-only",
				"--no-definitely-typed",
				"--format",
				"ascii",
				"--no-color",
			],
			{ cwd: WORKSPACE },
		);
		expect(result.code, output(result)).toBe(0);
	});
});
