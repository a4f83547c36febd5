import { spawn } from "node:child_process";
import * as fs from "node:fs/promises";
import * as nodePath from "node:path";
import { describe, expect, it } from "vitest";
import { createFsTools } from "../src/fs-tools.js";
import { run, temporaryFolder, textOf } from "./helpers.js";

/**
 * Swaps `root/sub` between the folder and a link to `../outside`, as fast as it can, until
 * killed (or after a minute, should the test die first). A `sub` folder that a write
 * created while `sub` was briefly missing is removed, so that the swapping goes on.
 */
const RACER = `
const fs = require("node:fs");
const [root] = process.argv.slice(1);
const sub = root + "/sub", folder = root + "/sub.folder", link = root + "/sub.link";
const kind = (path) => { try { return fs.lstatSync(path).isSymbolicLink() ? "link" : "folder"; } catch { return "none"; } };
const attempt = (action) => { try { action(); } catch {} };
fs.symlinkSync("../outside", link);
setTimeout(() => process.exit(0), 60000).unref();
process.stdout.write("ready\\n");
for (;;) {
	if (kind(sub) === "folder") attempt(() => kind(folder) === "none" ? fs.renameSync(sub, folder) : fs.rmSync(sub, { recursive: true, force: true }));
	attempt(() => fs.renameSync(link, sub));
	if (kind(sub) === "link") attempt(() => fs.renameSync(sub, link));
	attempt(() => fs.renameSync(folder, sub));
}
`;

const MAX_ROUNDS = 3000;
const MAX_MS = 5_000;

describe.runIf(process.platform === "linux")(
	"tools racing a process that swaps a folder for a link out",
	() => {
		it("never read or write outside the workspace", async () => {
			const parent = await temporaryFolder();
			const root = nodePath.join(parent, "work");
			const outside = nodePath.join(parent, "outside");
			await fs.mkdir(nodePath.join(root, "sub"), { recursive: true });
			await fs.mkdir(outside);
			await fs.writeFile(nodePath.join(root, "sub", "file.txt"), "inside\n");
			await fs.writeFile(nodePath.join(outside, "file.txt"), "outside secret\n");
			await fs.writeFile(nodePath.join(outside, "only-outside.txt"), "outside secret\n");

			const racer = spawn(process.execPath, ["-e", RACER, root], { stdio: ["ignore", "pipe", "inherit"] });
			const exited = new Promise((resolve) => racer.on("exit", resolve));
			try {
				await new Promise<void>((resolve, reject) => {
					racer.stdout.once("data", () => resolve());
					racer.once("exit", (code) => reject(new Error(`the racer exited early (${code})`)));
				});
				const tools = createFsTools(root, { write: { requireReadBeforeOverwrite: false } });
				const escapes: string[] = [];
				let insideReads = 0;
				let insideWrites = 0;
				const started = performance.now();
				for (let round = 0; round < MAX_ROUNDS && performance.now() - started < MAX_MS; round++) {
					const read = textOf(await run(tools.read, { path: "sub/file.txt" }));
					if (read.includes("secret")) escapes.push(`read ${round}`);
					if (read === "inside") insideReads++;
					const written = await run(tools.write, { path: `sub/new-${round}.txt`, content: "written\n" });
					if (!written.isError) insideWrites++;
					if (round % 10 === 0) {
						const listed = textOf(await run(tools.ls, { path: "sub" }));
						if (listed.includes("only-outside")) escapes.push(`ls ${round}`);
						const found = textOf(await run(tools.grep, { pattern: "secret", path: "sub" }));
						if (found.includes("secret:") || found.includes(":outside")) escapes.push(`grep ${round}`);
					}
				}
				racer.kill("SIGKILL");
				await exited;
				expect(escapes).toEqual([]);
				expect((await fs.readdir(outside)).sort()).toEqual(["file.txt", "only-outside.txt"]);
				expect(await fs.readFile(nodePath.join(outside, "file.txt"), "utf8")).toBe("outside secret\n");
				// The race was on: calls succeeded inside too.
				expect(insideReads).toBeGreaterThan(0);
				expect(insideWrites).toBeGreaterThan(0);
			} finally {
				racer.kill("SIGKILL");
				await exited;
			}
		}, 60_000);
	},
);
