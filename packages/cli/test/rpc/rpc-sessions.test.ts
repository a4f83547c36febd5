import { readFile, writeFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { answer, type CliFixture, createCliFixture, WIRE_MODEL } from "../e2e/cli-fixture.js";
import { type RpcLine, startRpc } from "./rpc-process.js";

let fixture: CliFixture;
beforeEach(async () => {
	fixture = await createCliFixture();
});
afterEach(async () => {
	await fixture.close();
});

describe("rpc mode: sessions", () => {
	it("starts a new session, switches back, and forks at the leaf and at an entry", async () => {
		fixture.server.enqueue(answer("The tide is at 6."), answer("Noted."));
		const rpc = startRpc(fixture, ["--model", WIRE_MODEL]);
		const ready = await rpc.waitFor((line) => line.type === "ready");
		const first = (ready.session as { path: string }).path;
		await rpc.request({ type: "prompt", message: "When is the tide?" });
		await rpc.waitForEvent("agent_end");
		const userEntry = rpc.lines.find(
			(line: RpcLine) =>
				line.type === "event" &&
				(line.event as { type: string; entry?: { type: string; message?: { role: string } } }).type ===
					"entry_persisted" &&
				(line.event as { entry: { message?: { role: string } } }).entry.message?.role === "user",
		)?.event as { entry: { id: string } };
		expect(userEntry.entry.id).toEqual(expect.any(String));

		const created = await rpc.request({ type: "new_session" });
		const second = created.data.session.path as string;
		expect(second).not.toBe(first);
		expect((await rpc.request({ type: "get_messages" })).data.messages).toEqual([]);
		const from = rpc.lines.length;
		await rpc.request({ type: "prompt", message: "Remember the boat" });
		await rpc.waitForEvent("agent_end", from);

		const switched = await rpc.request({ type: "switch_session", path: first });
		expect(switched).toMatchObject({ success: true, data: { session: { path: first } } });
		const messages = (await rpc.request({ type: "get_messages" })).data.messages;
		expect(messages.map((message: { role: string }) => message.role)).toEqual(["user", "assistant"]);
		expect(messages[0]).toMatchObject({ content: "When is the tide?" });
		expect((await rpc.request({ type: "get_state" })).data.session.path).toBe(first);

		const forked = await rpc.request({ type: "fork" });
		const third = forked.data.session.path as string;
		expect([first, second]).not.toContain(third);
		expect((await rpc.request({ type: "get_messages" })).data.messages).toHaveLength(2);

		const atEntry = await rpc.request({ type: "fork", entryId: userEntry.entry.id });
		expect(atEntry.success).toBe(true);
		const kept = (await rpc.request({ type: "get_messages" })).data.messages;
		expect(kept).toEqual([expect.objectContaining({ role: "user", content: "When is the tide?" })]);

		const badEntry = await rpc.request({ type: "fork", entryId: "nope" });
		expect(badEntry).toMatchObject({ success: false, command: "fork", error: { code: "failed" } });

		expect((await rpc.end()).code).toBe(0);
		expect(await fixture.sessionFiles()).toHaveLength(4);
	});

	it("switch_session to the session already open keeps it open and working, by any path", async () => {
		fixture.server.enqueue(answer("The tide is at 6."), answer("Still 6."));
		const rpc = startRpc(fixture, ["--model", WIRE_MODEL]);
		const ready = await rpc.waitFor((line) => line.type === "ready");
		const path = (ready.session as { path: string }).path;
		await rpc.request({ type: "prompt", message: "When is the tide?" });
		await rpc.waitForEvent("agent_end");

		for (const asked of [path, relative(fixture.cwd, path)]) {
			const switched = await rpc.request({ type: "switch_session", path: asked });
			expect(switched, asked).toMatchObject({ success: true, data: { session: { path } } });
		}
		const from = rpc.lines.length;
		await rpc.request({ type: "prompt", message: "And tomorrow?" });
		await rpc.waitForEvent("agent_end", from);
		const messages = (await rpc.request({ type: "get_messages" })).data.messages;
		expect(messages.map((message: { role: string }) => message.role)).toEqual([
			"user",
			"assistant",
			"user",
			"assistant",
		]);
		expect((await rpc.end()).code).toBe(0);
		expect(await fixture.sessionFiles()).toEqual([path]);
	});

	it("export_html writes the session as one HTML file, relative to the working folder", async () => {
		fixture.server.enqueue(answer("Hello."));
		const rpc = startRpc(fixture, ["--model", WIRE_MODEL]);
		await rpc.request({ type: "prompt", message: "Hi" });
		await rpc.waitForEvent("agent_end");
		const exported = await rpc.request({ type: "export_html", path: "session.html" });
		expect(exported).toMatchObject({ success: true, data: { path: join(fixture.cwd, "session.html") } });
		const html = await readFile(join(fixture.cwd, "session.html"), "utf8");
		expect(html).toContain("Hello.");
		const unwritable = await rpc.request({ type: "export_html", path: "missing-folder/session.html" });
		expect(unwritable).toMatchObject({ success: false, error: { code: "failed" } });
		expect(unwritable.error?.message).toContain("Cannot write the export");
		expect((await rpc.end()).code).toBe(0);
	});
});

describe("rpc mode: compact", () => {
	it("compacts on demand with the client's instructions and answers with the token counts", async () => {
		// Keep almost nothing word for word, so that a short conversation has something to summarise.
		await writeFile(
			join(fixture.kestrelHome, "settings.json"),
			JSON.stringify({ compaction: { keepRecentTokens: 1 } }),
		);
		const summary = "## Goal\nKnow the tide.\n\n## Progress\n- asked once";
		// Two summary requests: the history, and the start of the turn the cut splits.
		fixture.server.enqueue(answer("The tide is at 6."), answer("Noted."), answer(summary), answer(summary));
		const rpc = startRpc(fixture, ["--model", WIRE_MODEL]);
		for (const message of ["When is the tide?", "And tomorrow?"]) {
			const from = rpc.lines.length;
			await rpc.request({ type: "prompt", message });
			await rpc.waitForEvent("agent_end", from);
		}
		const compacted = await rpc.request({ type: "compact", instructions: "Keep the tide times" });
		expect(compacted).toMatchObject({ success: true, data: { method: "summary" } });
		expect(compacted.data.summary).toContain("Know the tide.");
		// (A summary of so short a talk is not shorter than it: only that both counts are reported is checked.)
		expect(compacted.data).toMatchObject({
			tokensBefore: expect.any(Number),
			tokensAfter: expect.any(Number),
		});
		expect(JSON.stringify(fixture.server.requests[2]?.body)).toContain("Keep the tide times");
		expect(rpc.lines.some((line) => (line.event as RpcLine | undefined)?.type === "compaction_end")).toBe(
			true,
		);
		const messages = (await rpc.request({ type: "get_messages" })).data.messages;
		expect(messages[0]).toMatchObject({ role: "compactionSummary" });
		expect((await rpc.end()).code).toBe(0);
	});
});
