/**
 * The operations measured, one function per framework, and the checks that both read
 * the same sessions the same way (run once per file set, outside the clock).
 */
import { isDeepStrictEqual } from "node:util";
import { SessionManager as KestrelSessionManager } from "@kestrel/harness";
import { SessionManager as PiSessionManager } from "@mariozechner/pi-coding-agent";
import { cpuNowMs } from "../agent-loop/measure.js";

export interface Sample {
	cpuMs: number;
	wallMs: number;
}

/** CPU (user + system, every thread) and wall time of `run`. */
export async function timed<T>(run: () => T | Promise<T>): Promise<{ sample: Sample; value: T }> {
	const cpu = cpuNowMs();
	const wall = performance.now();
	const value = await run();
	return { sample: { cpuMs: cpuNowMs() - cpu, wallMs: performance.now() - wall }, value };
}

/** What both frameworks' contexts are reduced to for the check. */
export interface ContextView {
	messages: readonly { role: string }[];
	modelId: string | undefined;
	thinkingLevel: string | undefined;
}

/** An opened session's context, and what to do once the clock has stopped. */
export interface Opened {
	view: ContextView;
	/** Load issues reported (Kestrel only; pi skips bad lines silently). */
	issues: readonly { line: number; kind: string; message: string }[];
	close(): Promise<void>;
}

/** Kestrel: open read-only, then build the context of the current leaf. */
export async function openKestrel(path: string, dir: string, cwd: string): Promise<Opened> {
	const session = await new KestrelSessionManager({ dir, cwd }).open(path, { readOnly: true });
	const context = session.buildContext();
	return {
		view: {
			messages: context.messages,
			modelId: context.model?.modelId,
			thinkingLevel: context.thinkingLevel,
		},
		issues: session.issues,
		close: () => session.close(),
	};
}

/** pi-coding-agent: `SessionManager.open` (reads, migrates if needed, indexes), then `buildSessionContext()`. */
export function openPi(path: string, dir: string): Opened {
	const context = PiSessionManager.open(path, dir).buildSessionContext();
	return {
		view: {
			messages: context.messages,
			modelId: context.model?.modelId,
			thinkingLevel: context.thinkingLevel,
		},
		issues: [],
		close: async () => {},
	};
}

/** Why two contexts differ, or `undefined` when they carry the same messages, model and thinking level. */
export function compareContexts(kestrel: ContextView, pi: ContextView): string | undefined {
	if (kestrel.messages.length !== pi.messages.length)
		return `${kestrel.messages.length} messages from Kestrel, ${pi.messages.length} from pi`;
	for (let index = 0; index < kestrel.messages.length; index++) {
		const ours = kestrel.messages[index] as Record<string, unknown>;
		const theirs = pi.messages[index] as Record<string, unknown>;
		const same =
			ours.role === "compactionSummary"
				? theirs.role === "compactionSummary" &&
					ours.summary === theirs.summary &&
					ours.tokensBefore === theirs.tokensBefore
				: isDeepStrictEqual(ours, theirs);
		if (!same) return `message ${index} differs (Kestrel ${String(ours.role)}, pi ${String(theirs.role)})`;
	}
	if (kestrel.modelId !== pi.modelId) return `model ${kestrel.modelId} from Kestrel, ${pi.modelId} from pi`;
	if (kestrel.thinkingLevel !== pi.thinkingLevel)
		return `thinking level ${kestrel.thinkingLevel} from Kestrel, ${pi.thinkingLevel} from pi`;
	return undefined;
}

/** One listed session, reduced for the check. */
export interface ListedView {
	id: string;
	name: string | undefined;
	messageCount: number;
}

export async function listKestrel(dir: string, cwd: string): Promise<ListedView[]> {
	const rows = await new KestrelSessionManager({ dir, cwd }).list();
	return rows.map((row) => ({ id: row.id, name: row.name, messageCount: row.messageCount }));
}

export async function listPi(dir: string, cwd: string): Promise<ListedView[]> {
	const rows = await PiSessionManager.list(cwd, dir);
	return rows.map((row) => ({ id: row.id, name: row.name, messageCount: row.messageCount }));
}

/** Why two listings differ (compared by session id), or `undefined`. */
export function compareListings(
	kestrel: readonly ListedView[],
	pi: readonly ListedView[],
): string | undefined {
	if (kestrel.length !== pi.length) return `${kestrel.length} sessions listed by Kestrel, ${pi.length} by pi`;
	const theirs = new Map(pi.map((row) => [row.id, row]));
	for (const row of kestrel) {
		const other = theirs.get(row.id);
		if (!other) return `session ${row.id} listed by Kestrel only`;
		if (!isDeepStrictEqual(row, other))
			return `session ${row.id}: Kestrel ${JSON.stringify(row)}, pi ${JSON.stringify(other)}`;
	}
	return undefined;
}
