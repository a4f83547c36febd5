import { createHash } from "node:crypto";
import type { AssistantMessage, ImageContent, UserMessage } from "@kestrel/ai";
import { afterEach, describe, expect, it } from "vitest";
import type { SessionBackend } from "../session/session-backend.js";
import { type BackendSessionManagerOptions, SessionManager } from "../session/session-manager.js";
import { type Session, SessionLockedError, SessionReadOnlyError } from "../session/types.js";

/** One test's store, as {@link describeSessionBackendContract} uses it. */
export interface SessionBackendFixture {
	/**
	 * A backend onto this test's store, as another process would open it: sessions written
	 * through one are read through the others. May return the same instance each time
	 * (memory), or a new one (files, a database).
	 */
	open(): SessionBackend | Promise<SessionBackend>;
	/** Removes the store and closes what `open` made; called after each test. */
	dispose?(): Promise<void>;
	/**
	 * Deletes the session at `path` as an operator would (the backend has no verb for it).
	 * Given, the pruning case runs, and the backend must have `pruneBlobs`.
	 */
	deleteSession?(path: string): Promise<void>;
}

const CWD = "/work/project";

/**
 * The behaviour every {@link SessionBackend} shares with the file backend, as vitest tests:
 * appends read back in a new manager, the tree, branches, labels, names, images in blobs,
 * listing newest first, `continueRecent`, fork, the writer lock, and pruning the images no
 * session refers to (when the fixture has `deleteSession`). `newStore` makes an
 * empty store per test. Call it at the top level of a test file.
 */
export function describeSessionBackendContract(
	name: string,
	newStore: () => Promise<SessionBackendFixture>,
): void {
	describe(`session backend contract: ${name}`, () => {
		const open: Session[] = [];
		const stores: SessionBackendFixture[] = [];
		afterEach(async () => {
			await Promise.allSettled(open.splice(0).map((session) => session.close()));
			await Promise.all(stores.splice(0).map((store) => store.dispose?.()));
		});
		async function store(): Promise<SessionBackendFixture> {
			const fixture = await newStore();
			stores.push(fixture);
			return fixture;
		}
		async function manager(
			fixture: SessionBackendFixture,
			options: Partial<BackendSessionManagerOptions> = {},
		): Promise<SessionManager> {
			return SessionManager.withBackend(await fixture.open(), { cwd: CWD, ...options });
		}
		function track<T extends Session>(session: T): T {
			open.push(session);
			return session;
		}
		/** Opens the session again through another manager of the same store. */
		async function reopen(fixture: SessionBackendFixture, session: Session, readOnly = true) {
			return track(await (await manager(fixture)).open(session.path ?? session.id, { readOnly }));
		}

		it("reads back every entry, the tree and the leaf through another manager", async () => {
			const fixture = await store();
			const session = track(await (await manager(fixture)).create());
			const a = session.appendMessage(user("first question"));
			const b = session.appendMessage(assistant("first answer"));
			session.appendModelChange({ provider: "anthropic", id: "claude-test" });
			session.appendThinkingLevelChange("high");
			session.appendCustom("note", { n: 1 });
			const c = session.appendMessage(user("second question"));
			await session.flush();

			const again = await reopen(fixture, session);
			expect(again.id).toBe(session.id);
			expect(again.header.cwd).toBe(CWD);
			expect(again.getEntries()).toEqual(session.getEntries());
			expect(again.leafId).toBe(c.id);
			expect(again.getBranch().map((entry) => entry.id)).toContain(b.id);
			expect(again.getChildren(null).map((entry) => entry.id)).toEqual([a.id]);
			expect(again.buildContext().messages.map(textOf)).toEqual([
				"first question",
				"first answer",
				"second question",
			]);
			expect(again.issues).toEqual([]);
		});

		it("keeps branches, branch summaries, labels and names", async () => {
			const fixture = await store();
			const session = track(await (await manager(fixture)).create({ name: "first name" }));
			const a = session.appendMessage(user("a"));
			session.appendMessage(assistant("abandoned"));
			session.branch(a.id);
			const b = session.appendMessage(assistant("b"));
			const summary = session.branchWithSummary(a.id, "tried b");
			session.setLabel(a.id, "start");
			session.setLabel(b.id, "gone");
			session.setLabel(b.id, null);
			session.setName("second name");
			await session.flush();

			const again = await reopen(fixture, session);
			expect(again.name).toBe("second name");
			expect(again.getLabel(a.id)).toBe("start");
			expect(again.getLabel(b.id)).toBeUndefined();
			expect(again.leafId).toBe(summary.id);
			expect(again.getChildren(a.id)).toHaveLength(3);
			expect(again.getTree()).toEqual(session.getTree());
		});

		it("stores images as blobs and restores them when the session is read again", async () => {
			const fixture = await store();
			const session = track(await (await manager(fixture)).create());
			const picture = image("p");
			session.appendMessage(user("look", [picture]));
			session.appendCustomMessage("screenshot", [{ type: "text", text: "shot" }, image("q")]);
			await session.flush();
			const stored = session.getEntries()[0];
			expect(JSON.stringify(stored)).not.toContain(picture.data);

			const again = await reopen(fixture, session);
			const [first, second] = again.buildContext().messages as { content: unknown }[];
			expect(first?.content).toContainEqual(picture);
			expect(second?.content).toContainEqual(image("q"));
			expect(again.issues).toEqual([]);
		});

		it("lists the sessions newest first, with their names, counts and first messages", async () => {
			const fixture = await store();
			const writer = await manager(fixture);
			expect(await writer.list()).toEqual([]);
			const older = track(await writer.create({ name: "older" }));
			older.appendMessage(user("the older one"));
			older.appendMessage(assistant("ok"));
			await older.flush();
			await pause(5);
			const newer = track(await writer.create());
			newer.appendMessage(user("the newer one"));
			await newer.flush();

			const rows = await (await manager(fixture)).list();
			expect(rows.map((row) => row.id)).toEqual([newer.id, older.id]);
			expect(rows[1]).toMatchObject({
				name: "older",
				messageCount: 2,
				firstMessage: "the older one",
				cwd: CWD,
			});
			expect(rows[0]).toMatchObject({ messageCount: 1, firstMessage: "the newer one" });
			expect(rows[0]?.name).toBeUndefined();
			expect(rows[0]?.size).toBeGreaterThan(0);

			// Appending makes a session the newest.
			await pause(5);
			older.appendMessage(user("again"));
			await older.flush();
			const after = await (await manager(fixture)).list();
			expect(after.map((row) => row.id)).toEqual([older.id, newer.id]);
			expect(after[0]?.messageCount).toBe(3);
			expect(after[0]?.modified).toBeGreaterThanOrEqual(after[1]?.modified ?? 0);
		});

		it("continues the most recent session, or creates one when there is none", async () => {
			const fixture = await store();
			const first = await (await manager(fixture)).continueRecent();
			first.appendMessage(user("remember this"));
			await first.close();

			const continued = track(await (await manager(fixture)).continueRecent());
			expect(continued.id).toBe(first.id);
			expect(continued.buildContext().messages.map(textOf)).toEqual(["remember this"]);
			continued.appendMessage(assistant("remembered"));
			await continued.close();
			const third = await reopen(fixture, continued);
			expect(third.buildContext().messages.map(textOf)).toEqual(["remember this", "remembered"]);
		});

		it("prunes the images only a deleted session used, reporting them first with dryRun", async (context) => {
			const fixture = await store();
			const backend = await fixture.open();
			if (!fixture.deleteSession) return context.skip();
			expect(backend.pruneBlobs, "a backend with deleteSession in its fixture prunes blobs").toBeTypeOf(
				"function",
			);
			const sessions = SessionManager.withBackend(backend, { cwd: CWD });
			const [kept, gone, shared] = [image("k"), image("g"), image("s")];
			const stays = track(await sessions.create());
			stays.appendMessage(user("stays", [kept, shared]));
			await stays.close();
			const deleted = track(await sessions.create());
			deleted.appendMessage(user("deleted", [gone, shared]));
			await deleted.close();
			await fixture.deleteSession(deleted.path as string);

			// Two hours on, every blob is older than the default hour.
			const later = Date.now() + 2 * 60 * 60 * 1000;
			const expected = { removed: [blobHash(gone)], bytes: 4096, kept: 2 };
			expect(await sessions.pruneBlobs({ dryRun: true, now: later })).toEqual(expected);
			expect(await sessions.pruneBlobs({ now: later })).toEqual(expected);
			expect((await sessions.pruneBlobs({ now: later })).removed).toEqual([]);
			const again = await reopen(fixture, stays);
			expect((again.buildContext().messages[0] as { content: unknown }).content).toEqual(
				user("stays", [kept, shared]).content,
			);
		});

		it("forks the path to an entry, with its labels and images, into a new session", async () => {
			const fixture = await store();
			const writer = await manager(fixture);
			const source = track(await writer.create());
			const a = source.appendMessage(user("a", [image("f")]));
			const b = source.appendMessage(assistant("b"));
			source.appendMessage(user("not in the fork"));
			source.setLabel(a.id, "start");
			await source.flush();

			const fork = track(await writer.fork(source, b.id));
			expect(fork.id).not.toBe(source.id);
			expect(fork.header.parentSession).toMatchObject({ id: source.id, entryId: b.id });
			fork.appendMessage(user("c"));
			await fork.close();

			const again = await reopen(fixture, fork);
			expect(
				again
					.getBranch()
					.map((entry) => entry.id)
					.slice(0, 2),
			).toEqual([a.id, b.id]);
			expect(again.getLabel(a.id)).toBe("start");
			expect(again.buildContext().messages.map(textOf)).toEqual(["a", "b", "c"]);
			expect((again.buildContext().messages[0] as { content: unknown }).content).toContainEqual(image("f"));
			expect((await writer.list()).map((row) => row.id).sort()).toEqual([source.id, fork.id].sort());
		});

		it("lets one writer at a time append, and others read", async () => {
			const fixture = await store();
			const session = track(await (await manager(fixture)).create());
			session.appendMessage(user("mine"));
			await session.flush();
			const path = session.path ?? session.id;

			const other = await manager(fixture);
			await expect(other.open(path)).rejects.toBeInstanceOf(SessionLockedError);
			const reader = track(await other.open(path, { readOnly: true }));
			expect(reader.readOnly).toBe(true);
			expect(() => reader.appendMessage(user("not allowed"))).toThrow(SessionReadOnlyError);
			const fallback = track(await (await manager(fixture, { onLocked: "read-only" })).open(path));
			expect(fallback.readOnly).toBe(true);

			await session.close();
			const next = track(await other.open(path));
			expect(next.readOnly).toBe(false);
			next.appendMessage(assistant("yours now"));
			await next.close();
			const again = await reopen(fixture, next);
			expect(again.buildContext().messages.map(textOf)).toEqual(["mine", "yours now"]);
		});

		it("refuses appends after close, and opening a session that does not exist", async () => {
			const fixture = await store();
			const writer = await manager(fixture);
			const session = await writer.create();
			await session.close();
			expect(() => session.appendMessage(user("late"))).toThrow(/closed/);
			await expect(writer.open("no-such-session")).rejects.toThrow();
		});
	});
}

function user(text: string, images: ImageContent[] = []): UserMessage {
	return { role: "user", content: [{ type: "text", text }, ...images], timestamp: 1_700_000_000_000 };
}

function assistant(text: string): AssistantMessage {
	return {
		role: "assistant",
		content: [{ type: "text", text }],
		api: "anthropic-messages",
		provider: "anthropic",
		model: "claude-test",
		usage: {
			input: 10,
			output: 5,
			cacheRead: 0,
			cacheWrite: 0,
			totalTokens: 15,
			cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
		},
		stopReason: "stop",
		timestamp: 1_700_000_000_001,
	};
}

/** The name of an image's blob: the SHA-256 of its bytes. */
function blobHash(picture: ImageContent): string {
	return createHash("sha256").update(Buffer.from(picture.data, "base64")).digest("hex");
}

/** Distinct bytes per seed, large enough to go to the blob store. */
function image(seed: string): ImageContent {
	return { type: "image", data: Buffer.alloc(4096, seed).toString("base64"), mimeType: "image/png" };
}

function textOf(message: unknown): string {
	const content = (message as { content?: unknown }).content;
	if (typeof content === "string") return content;
	if (!Array.isArray(content)) return "";
	return content
		.filter((block): block is { type: "text"; text: string } => block?.type === "text")
		.map((block) => block.text)
		.join("");
}

function pause(ms: number): Promise<void> {
	return new Promise((resolve) => setTimeout(resolve, ms));
}
