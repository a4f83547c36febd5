import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SessionManager } from "@kestrel/harness";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CliError } from "../../src/cli-error.js";
import { defaultExportPath } from "../../src/export/default-export-path.js";
import { exportSessionFile, exportSessionHtml } from "../../src/export/export-html.js";
import { assistant, memorySession, user } from "./session-builders.js";

let dir: string;
beforeEach(async () => {
	dir = await mkdtemp(join(tmpdir(), "kestrel-export-"));
});
afterEach(async () => {
	await rm(dir, { recursive: true, force: true });
});

describe("defaultExportPath", () => {
	it("names the export after the session file, in the given folder", () => {
		expect(defaultExportPath({ id: "abc", path: "/s/2026-11-29T15-00-00_abc.jsonl" }, "/work")).toBe(
			"/work/2026-11-29T15-00-00_abc.html",
		);
	});

	it("names an in-memory session's export after its id", () => {
		expect(defaultExportPath({ id: "abc", path: undefined }, "/work")).toBe("/work/kestrel-session-abc.html");
	});
});

describe("exportSessionFile", () => {
	it("exports a session file while another writer holds it open", async () => {
		const manager = new SessionManager({ dir, cwd: dir });
		const session = await manager.create();
		session.appendMessage(user("Where is the harbour?"));
		session.appendMessage(assistant([{ type: "text", text: "By the *lighthouse*." }]));
		await session.flush();
		const out = join(dir, "out.html");

		expect(await exportSessionFile(session.path as string, out)).toBe(out);
		const html = await readFile(out, "utf8");
		expect(html).toContain("Where is the harbour?");
		expect(html).toContain("By the <em>lighthouse</em>.");
		// Still writable by its owner: the export took no lock.
		session.appendMessage(user("And the tide?"));
		await session.close();
	});

	it("refuses a missing file with a CliError that says what to pass", async () => {
		const missing = join(dir, "nope.jsonl");
		const failure = exportSessionFile(missing, join(dir, "out.html"));
		await expect(failure).rejects.toBeInstanceOf(CliError);
		await expect(failure).rejects.toThrow(`No session file at ${missing}. Pass a .jsonl file`);
	});

	it("refuses a file that is not a session with a CliError", async () => {
		const notes = join(dir, "notes.jsonl");
		await writeFile(notes, "just some notes\n");
		const failure = exportSessionFile(notes, join(dir, "out.html"));
		await expect(failure).rejects.toBeInstanceOf(CliError);
		await expect(failure).rejects.toThrow(/notes\.jsonl: .*Pass a kestrel session file/);
	});
});

describe("exportSessionHtml", () => {
	it("writes an in-memory session and reports a folder it cannot write to", async () => {
		const session = await memorySession();
		session.appendMessage(user("in memory"));
		const out = join(dir, "memory.html");
		expect(await exportSessionHtml(session, out)).toBe(out);
		expect(await readFile(out, "utf8")).toContain("in memory");
		await expect(exportSessionHtml(session, join(dir, "missing", "x.html"))).rejects.toThrow(
			/Cannot write the export to .*missing\/x\.html: .*Name a writable \.html file\./,
		);
	});
});

describe("stored images", () => {
	it("are read back from the blob store and shown inline; a missing blob is a placeholder", async () => {
		// A 1×1 PNG.
		const png =
			"iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";
		const manager = new SessionManager({ dir, cwd: dir });
		const session = await manager.create();
		session.appendMessage({
			role: "user",
			content: [
				{ type: "text", text: "What is in this picture?" },
				{ type: "image", mimeType: "image/png", data: png },
			],
			timestamp: Date.now(),
		});
		await session.close();
		// The file holds a reference, not the bytes.
		expect(await readFile(session.path as string, "utf8")).not.toContain(png);

		const out = join(dir, "with-image.html");
		await exportSessionFile(session.path as string, out);
		expect(await readFile(out, "utf8")).toContain(`src="data:image/png;base64,${png}"`);

		await rm(join(dir, "blobs"), { recursive: true, force: true });
		await exportSessionFile(session.path as string, out);
		const html = await readFile(out, "utf8");
		expect(html).not.toContain(png);
		expect(html).toContain("[image unavailable: sha256:");
	});
});
