import { describe, expect, it } from "vitest";
import { backends } from "../../test/helpers.js";
import { MemoryFileOperations } from "../operations/memory-file-operations.js";
import { PathAccessError, PathResolver } from "./path-resolver.js";

describe.each(backends)("PathResolver on $name", ({ create }) => {
	it("resolves relative paths against the root and shows them relative", async () => {
		const workspace = await create({ "src/a.ts": "" });
		const paths = new PathResolver(workspace.root, workspace.operations);
		const resolved = await paths.resolve("src/../src/a.ts", "read");
		expect(resolved).toEqual({
			absolute: workspace.path("src/a.ts"),
			real: workspace.path("src/a.ts"),
			display: "src/a.ts",
			confine: expect.any(Function),
		});
		expect((await paths.resolve(workspace.path("src"), "read")).display).toBe("src");
		expect((await paths.resolve("", "read")).display).toBe(".");
	});

	it("refuses .., absolute paths outside and symbolic links that lead out", async () => {
		const workspace = await create({ "../outside/secret": "s", "inside/ok": "" });
		await workspace.symlink(workspace.path("../outside"), "inside/escape");
		await workspace.symlink("ok", "inside/fine");
		const paths = new PathResolver(workspace.root, workspace.operations);
		await expect(paths.resolve("../outside/secret", "read")).rejects.toThrow(PathAccessError);
		await expect(paths.resolve(workspace.path("../outside/secret"), "read")).rejects.toThrow(
			/outside the workspace/,
		);
		await expect(paths.resolve("inside/escape/secret", "read")).rejects.toThrow(/through a symbolic link/);
		await expect(paths.resolve("inside/escape/not-yet-there", "write")).rejects.toThrow(
			/through a symbolic link/,
		);
		const fine = await paths.resolve("inside/fine", "write");
		expect(fine.real).toBe(workspace.path("inside/ok"));
		expect(fine.display).toBe("inside/fine");
	});

	it("resolves a path that does not exist yet through its existing ancestors", async () => {
		const workspace = await create({ "real/x": "" });
		await workspace.symlink("real", "alias");
		const paths = new PathResolver(workspace.root, workspace.operations);
		expect((await paths.resolve("alias/new/file.txt", "write")).real).toBe(
			workspace.path("real/new/file.txt"),
		);
	});

	it("lets the policy open reads, or everything, outside the root", async () => {
		const workspace = await create({ "../outside/doc.md": "d" });
		const readOnly = new PathResolver(workspace.root, workspace.operations, { allowOutsideRoot: "read" });
		expect((await readOnly.resolve("../outside/doc.md", "read")).display).toBe(
			workspace.path("../outside/doc.md"),
		);
		await expect(readOnly.resolve("../outside/doc.md", "write")).rejects.toThrow(
			/can be read but not changed/,
		);
		const open = new PathResolver(workspace.root, workspace.operations, { allowOutsideRoot: true });
		await expect(open.resolve("../outside/doc.md", "write")).resolves.toBeDefined();
		const custom = new PathResolver(workspace.root, workspace.operations, {
			allowOutsideRoot: (path) => path.endsWith(".md"),
		});
		await expect(custom.resolve("../outside/doc.md", "write")).resolves.toBeDefined();
		await expect(custom.resolve("../outside/doc.txt", "read")).rejects.toThrow(PathAccessError);
	});

	it("expands ~/ to the home folder (and confines it like any path)", async () => {
		const workspace = await create({ "notes.txt": "" });
		const home = new PathResolver(workspace.root, workspace.operations, { homeDirectory: workspace.root });
		expect((await home.resolve("~/notes.txt", "read")).display).toBe("notes.txt");
		const elsewhere = new PathResolver(workspace.root, workspace.operations, {
			homeDirectory: "/somewhere/else",
		});
		await expect(elsewhere.resolve("~/notes.txt", "read")).rejects.toThrow(PathAccessError);
	});
});

describe("PathResolver", () => {
	it("accepts a root that is itself a symbolic link, under either name", async () => {
		const operations = new MemoryFileOperations({ "/data/project/a.txt": "" });
		operations.symlink("/data/project", "/work");
		const paths = new PathResolver("/work", operations);
		expect(await paths.resolve("a.txt", "read")).toEqual({
			absolute: "/work/a.txt",
			real: "/data/project/a.txt",
			display: "a.txt",
			confine: expect.any(Function),
		});
		expect((await paths.resolve("/data/project/a.txt", "read")).display).toBe("a.txt");
	});

	it("gives a confine check that refuses real paths outside the root, unless the policy allows them", async () => {
		const operations = new MemoryFileOperations({ "/data/project/a.txt": "" });
		operations.symlink("/data/project", "/work");
		const confined = await new PathResolver("/work", operations).resolve("a.txt", "write");
		expect(() => confined.confine?.("/data/project/sub/b.txt")).not.toThrow();
		expect(() => confined.confine?.("/data/elsewhere/b.txt")).toThrow(PathAccessError);
		expect(() => confined.confine?.("/data/elsewhere/b.txt")).toThrow(
			/symbolic link .* now leads to \/data\/elsewhere/,
		);
		const reads = new PathResolver("/work", operations, { allowOutsideRoot: "read" });
		expect((await reads.resolve("a.txt", "read")).confine).toBeUndefined();
		expect((await reads.resolve("a.txt", "write")).confine).toBeDefined();
		const chosen = new PathResolver("/work", operations, {
			allowOutsideRoot: (path) => path.startsWith("/data/shared/"),
		});
		const check = (await chosen.resolve("a.txt", "write")).confine;
		expect(() => check?.("/data/shared/x")).not.toThrow();
		expect(() => check?.("/data/other/x")).toThrow(PathAccessError);
	});

	it("says so when the root itself cannot be opened", async () => {
		const paths = new PathResolver("/missing", new MemoryFileOperations());
		await expect(paths.resolve("a", "read")).rejects.toThrow(/workspace folder \/missing cannot be opened/);
	});
});
