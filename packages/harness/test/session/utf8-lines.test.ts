import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
	parseSessionBytes,
	parseSessionText,
	SessionFormatError,
	SessionManager,
} from "../../src/session/index.js";
import { assistant, FIXTURES, user, useTempDirs } from "./helpers.js";

const temp = useTempDirs();

const header = {
	type: "session",
	version: 2,
	id: "utf8-session",
	timestamp: "2025-06-01T10:00:00.000Z",
	cwd: "/p",
};
const texts = ["修复解析器 🐛 then 日本語のテキスト", "emoji 👩‍💻🚀 and accents é ü ß", "한국어 + 中文 + 😀"];

function messageLine(id: string, parentId: string | null, text: string): string {
	return JSON.stringify({
		type: "message",
		id,
		parentId,
		timestamp: "2025-06-01T10:00:01.000Z",
		message: user(text),
	});
}

/** The bytes of a session file whose last line is cut inside the 4 bytes of an emoji. */
function tornInsideEmoji(): { bytes: Buffer; torn: Buffer } {
	const complete = [JSON.stringify(header), messageLine("d1000001", null, texts[0] as string)];
	const last = Buffer.from(messageLine("d1000002", "d1000001", "cut here 😀 after"));
	const emoji = last.indexOf(Buffer.from("😀"));
	// Two of the emoji's four bytes: the text decodes to a replacement character, never to a whole emoji.
	const torn = last.subarray(0, emoji + 2);
	return { bytes: Buffer.concat([Buffer.from(`${complete.join("\n")}\n`), torn]), torn };
}

/** Parses both ways and checks that they agree. */
function parseBoth(bytes: Buffer, path: string) {
	const parsed = parseSessionBytes(bytes, path);
	expect(parseSessionText(bytes.toString("utf8"), path)).toEqual(parsed);
	return parsed;
}

describe("reading session files as bytes, line by line", () => {
	it("keeps CJK and emoji in entries intact across a write and a reopen", async () => {
		const dir = await temp.make();
		const manager = new SessionManager({ dir, cwd: "/p" });
		const session = await manager.create({ name: "セッション 📁" });
		for (const text of texts) {
			session.appendMessage(user(text));
			session.appendMessage(assistant(`${text} ✅`));
		}
		await session.close();

		const reopened = temp.track(await manager.open(session.path as string, { readOnly: true }));
		expect(reopened.issues).toEqual([]);
		expect(reopened.name).toBe("セッション 📁");
		expect(reopened.getEntries()).toEqual(session.getEntries());
		expect(reopened.buildContext()).toEqual(session.buildContext());
		const parsed = parseBoth(await readFile(session.path as string), session.path as string);
		expect(parsed.lineCount).toBe(8);
		expect(parsed.endsWithNewline).toBe(true);
		const [row] = await manager.list();
		expect(row).toMatchObject({ name: "セッション 📁", messageCount: 6, firstMessage: texts[0] });
	});

	it("reports a last line cut inside a multi-byte character as torn, and appends after it", async () => {
		const dir = await temp.make();
		const path = join(dir, "2025-06-01T10-00-00-000Z_utf8-session.jsonl");
		const { bytes, torn } = tornInsideEmoji();
		await writeFile(path, bytes);
		const parsed = parseBoth(bytes, path);
		expect(parsed.endsWithNewline).toBe(false);
		expect(parsed.lineCount).toBe(3);
		expect(parsed.issues).toEqual([{ line: 3, kind: "torn", message: expect.stringContaining("cut off") }]);

		const manager = new SessionManager({ dir, cwd: "/p" });
		const readOnly = await manager.open(path, { readOnly: true });
		expect(readOnly.getEntries().map((entry) => entry.id)).toEqual(["d1000001"]);
		expect(readOnly.buildContext().messages).toEqual([user(texts[0] as string)]);
		expect((await manager.list()).map((row) => [row.messageCount, row.firstMessage])).toEqual([
			[1, texts[0]],
		]);

		const session = await manager.open(path);
		const next = session.appendMessage(user(texts[1] as string));
		await session.close();
		const after = await readFile(path);
		// The torn bytes are left as they were; the writer started a new line after them.
		expect(after.subarray(bytes.length - torn.length, bytes.length + 1)).toEqual(
			Buffer.concat([torn, Buffer.from("\n")]),
		);
		const reopened = parseBoth(after, path);
		expect(reopened.issues).toEqual([
			{ line: 3, kind: "malformed", message: expect.stringContaining("not JSON") },
		]);
		expect(reopened.entries.map((entry) => entry.id)).toEqual(["d1000001", next.id]);
		expect(reopened.lines).toEqual([2, 4]);
		expect(reopened.endsWithNewline).toBe(true);
	});

	it("skips a line of invalid UTF-8 mid-file as malformed, keeping the line numbers after it", async () => {
		const bytes = Buffer.concat([
			Buffer.from(`${JSON.stringify(header)}\n${messageLine("d1000001", null, texts[0] as string)}\n`),
			Buffer.from([0xe4, 0xbf, 0x0a]), // a CJK character without its last byte, then the newline
			Buffer.from([0x80, 0xff, 0x22, 0x0a]),
			Buffer.from(`\n${messageLine("d1000002", "d1000001", texts[2] as string)}`),
		]);
		const parsed = parseBoth(bytes, "invalid.jsonl");
		expect(parsed.issues.map(({ line, kind }) => ({ line, kind }))).toEqual([
			{ line: 3, kind: "malformed" },
			{ line: 4, kind: "malformed" },
		]);
		expect(parsed.entries.map((entry) => entry.id)).toEqual(["d1000001", "d1000002"]);
		expect(parsed.lines).toEqual([2, 6]);
		// A complete last line without a newline is an entry, not a torn line.
		expect(parsed.endsWithNewline).toBe(false);
		expect(parsed.lineCount).toBe(6);
	});

	it("parses every file of the corpus the same from bytes as from text", async () => {
		const names = (await readdir(FIXTURES)).filter((name) => name.endsWith(".jsonl"));
		expect(names.length).toBeGreaterThan(5);
		for (const name of names) {
			const bytes = await readFile(join(FIXTURES, name));
			let fromBytes: unknown;
			let fromText: unknown;
			try {
				fromBytes = parseSessionBytes(bytes, name);
			} catch (error) {
				fromBytes = error instanceof SessionFormatError ? error.message : error;
			}
			try {
				fromText = parseSessionText(bytes.toString("utf8"), name);
			} catch (error) {
				fromText = error instanceof SessionFormatError ? error.message : error;
			}
			expect(fromBytes, name).toEqual(fromText);
		}
	});

	it("accepts a plain Uint8Array", () => {
		const bytes = Buffer.from(`${JSON.stringify(header)}\n${messageLine("d1000001", null, "ü")}\n`);
		const view = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
		expect(parseSessionBytes(view, "view.jsonl")).toEqual(parseSessionBytes(bytes, "view.jsonl"));
	});
});
