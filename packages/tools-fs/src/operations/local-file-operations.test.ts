import * as fs from "node:fs/promises";
import * as nodePath from "node:path";
import { describe, expect, it } from "vitest";
import { temporaryFolder } from "../../test/helpers.js";
import { errorCode } from "./errors.js";
import { createLocalFileOperations } from "./local-file-operations.js";

describe("createLocalFileOperations", () => {
	it("streams a file in chunks from an offset, sized to what is left", async () => {
		const folder = await temporaryFolder();
		const path = nodePath.join(folder, "f");
		await fs.writeFile(path, "x".repeat(10));
		const operations = createLocalFileOperations();
		const sizes: number[] = [];
		for await (const chunk of operations.readStream(path, { chunkSize: 4 })) sizes.push(chunk.byteLength);
		expect(sizes).toEqual([4, 4, 2]);
		const tail: number[] = [];
		for await (const chunk of operations.readStream(path, { start: 8, chunkSize: 64 }))
			tail.push(chunk.byteLength);
		expect(tail).toEqual([2]);
	});

	it("releases the file when the consumer stops early", async () => {
		const folder = await temporaryFolder();
		const path = nodePath.join(folder, "f");
		await fs.writeFile(path, "x".repeat(100));
		const operations = createLocalFileOperations();
		// Descriptors open on this file only: other test files may run in this process.
		const real = await fs.realpath(path);
		const openOnFile = async () => {
			const descriptors = await fs.readdir("/proc/self/fd").catch(() => []);
			const targets = await Promise.all(
				descriptors.map((descriptor) => fs.readlink(`/proc/self/fd/${descriptor}`).catch(() => "")),
			);
			return targets.filter((target) => target === real).length;
		};
		for (let round = 0; round < 50; round++) {
			for await (const _ of operations.readStream(path, { chunkSize: 10 })) break;
		}
		expect(await openOnFile()).toBeLessThan(10);
		await operations.remove(path);
		expect(await operations.stat(path).then(() => "exists", errorCode)).toBe("ENOENT");
	});

	it("creates files with a mode, renames over, and reports kinds", async () => {
		const folder = await temporaryFolder();
		const operations = createLocalFileOperations();
		await operations.mkdir(nodePath.join(folder, "a/b"));
		const file = nodePath.join(folder, "a/b/f");
		await operations.writeFile(`${file}.tmp`, new TextEncoder().encode("hi"), { mode: 0o600 });
		await operations.rename(`${file}.tmp`, file);
		expect(await operations.stat(file)).toMatchObject({ kind: "file", size: 2, mode: 0o600 });
		await fs.symlink("f", nodePath.join(folder, "a/b/link"));
		expect(await operations.readdir(nodePath.join(folder, "a/b"))).toEqual(
			expect.arrayContaining([
				{ name: "f", kind: "file" },
				{ name: "link", kind: "symlink" },
			]),
		);
		expect(new TextDecoder().decode(await operations.readFile(nodePath.join(folder, "a/b/link")))).toBe("hi");
	});

	it("calls confine with the real path of what it reached, and touches nothing it refuses", async () => {
		const folder = await temporaryFolder();
		await fs.mkdir(nodePath.join(folder, "real"));
		await fs.writeFile(nodePath.join(folder, "real", "a.txt"), "a");
		await fs.symlink("real", nodePath.join(folder, "alias"));
		const operations = createLocalFileOperations();
		const seen: string[] = [];
		const confine = (path: string) => {
			seen.push(path);
		};
		const alias = (name: string) => nodePath.join(folder, "alias", name);
		const real = (name: string) => nodePath.join(folder, "real", name);
		for await (const _ of operations.readStream(alias("a.txt"), { confine }));
		await operations.readFile(alias("a.txt"), undefined, { confine });
		expect(await operations.readdir(nodePath.join(folder, "alias"), { confine })).toHaveLength(1);
		await operations.mkdir(alias("new/deeper"), { confine });
		await operations.writeFile(alias("b.tmp"), new TextEncoder().encode("b"), { confine, mode: 0o600 });
		await operations.chmod(alias("b.tmp"), 0o640, { confine });
		await operations.rename(alias("b.tmp"), alias("b.txt"), { confine });
		await operations.remove(alias("b.txt"), { confine });
		expect(seen).toEqual([
			real("a.txt"),
			real("a.txt"),
			nodePath.join(folder, "real"),
			real("new"),
			real("new/deeper"),
			real("b.tmp"),
			real("b.tmp"),
			real("b.tmp"),
			real("b.txt"),
			real("b.txt"),
		]);

		const refuse = () => {
			throw new Error("refused");
		};
		await expect(operations.writeFile(alias("c.txt"), new Uint8Array(), { confine: refuse })).rejects.toThrow(
			"refused",
		);
		await expect(operations.mkdir(alias("d"), { confine: refuse })).rejects.toThrow("refused");
		await expect(operations.readFile(alias("a.txt"), undefined, { confine: refuse })).rejects.toThrow(
			"refused",
		);
		expect((await fs.readdir(nodePath.join(folder, "real"))).sort()).toEqual(["a.txt", "new"]);
	});

	it("refuses to write or change the mode through a link in the last step when confined", async () => {
		const folder = await temporaryFolder();
		await fs.writeFile(nodePath.join(folder, "target"), "t");
		await fs.chmod(nodePath.join(folder, "target"), 0o644);
		await fs.symlink("target", nodePath.join(folder, "link"));
		const operations = createLocalFileOperations();
		const confine = () => undefined;
		const link = nodePath.join(folder, "link");
		await expect(
			operations.writeFile(link, new TextEncoder().encode("x"), { confine }),
		).rejects.toMatchObject({
			code: "ELOOP",
		});
		await expect(operations.chmod(link, 0o600, { confine })).rejects.toMatchObject({ code: "ELOOP" });
		expect(await fs.readFile(nodePath.join(folder, "target"), "utf8")).toBe("t");
		expect((await fs.stat(nodePath.join(folder, "target"))).mode & 0o777).toBe(0o644);
	});
});
