/** Worker processes, sessions and side effects, as the crash tests see them. */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { AgentMessage } from "@kestrel/agent-core";
import { type Session, SessionManager } from "@kestrel/harness";
import { PostgresSessionBackend } from "@kestrel/session-postgres";
import type { WorkerSettings } from "../fixtures/worker.ts";

declare module "vitest" {
	export interface ProvidedContext {
		postgresUrl: string;
	}
}

const WORKER = fileURLToPath(new URL("../fixtures/worker.ts", import.meta.url));

/** A database of its own on the test cluster, for one test file (DBOS creates it). */
export function databaseUrl(clusterUrl: string, name: string): string {
	const url = new URL(clusterUrl);
	url.pathname = `/${name}`;
	return url.toString();
}

export interface WorkerProcess {
	readonly child: ChildProcess;
	/** Output so far, for failure messages. */
	output(): string;
	/** Resolves with the exit code or signal. */
	readonly exited: Promise<string>;
	kill(signal?: NodeJS.Signals): Promise<string>;
}

/** Starts a worker process and resolves once it has launched DBOS. */
export async function startWorker(settings: WorkerSettings): Promise<WorkerProcess> {
	const child = spawn(process.execPath, ["--no-warnings", WORKER, JSON.stringify(settings)], {
		stdio: ["ignore", "pipe", "pipe"],
	});
	let output = "";
	child.stdout?.on("data", (chunk) => {
		output += chunk;
	});
	child.stderr?.on("data", (chunk) => {
		output += chunk;
	});
	const exited = new Promise<string>((resolve) => {
		child.on("exit", (code, signal) => resolve(signal ?? String(code)));
	});
	const worker: WorkerProcess = {
		child,
		output: () => output,
		exited,
		kill: async (signal = "SIGKILL") => {
			if (child.exitCode === null && child.signalCode === null) child.kill(signal);
			return exited;
		},
	};
	await waitFor(`worker ${settings.executorId} to launch`, () => output.includes("ready\n"), {
		failFast: () => (child.exitCode !== null || child.signalCode !== null ? `exited:\n${output}` : undefined),
	});
	return worker;
}

/** Polls `check` until it holds (wide deadline: loaded machines are slow, never a fixed sleep). */
export async function waitFor(
	what: string,
	check: () => boolean | Promise<boolean>,
	options: { timeoutMs?: number; failFast?: () => string | undefined } = {},
): Promise<void> {
	const deadline = Date.now() + (options.timeoutMs ?? 60_000);
	while (!(await check())) {
		const failure = options.failFast?.();
		if (failure) throw new Error(`While waiting for ${what}: ${failure}`);
		if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
		await new Promise((resolve) => setTimeout(resolve, 25));
	}
}

/** The lines of the effects file. */
export function effects(file: string): string[] {
	return existsSync(file) ? readFileSync(file, "utf8").split("\n").filter(Boolean) : [];
}

/** Where the test sessions live: files in `dir`, rows in `store` (named `pg:<id>`). */
export interface SessionPlaces {
	dir: string;
	store: { url: string; schema: string };
}

async function withManager<T>(
	places: SessionPlaces,
	rows: boolean,
	body: (manager: SessionManager) => Promise<T>,
): Promise<T> {
	if (!rows) return body(new SessionManager({ dir: places.dir, cwd: places.dir }));
	const backend = await PostgresSessionBackend.connect({
		connectionString: places.store.url,
		schema: places.store.schema,
	});
	try {
		return await body(SessionManager.withBackend(backend, { cwd: places.dir }));
	} finally {
		await backend.close();
	}
}

/** A new empty session, closed (its lock released) for the workers to open; its reference. */
export function newSession(places: SessionPlaces, kind: "file" | "postgres"): Promise<string> {
	return withManager(places, kind === "postgres", async (manager) => {
		const session = await manager.create();
		const ref = kind === "postgres" ? `pg:${session.id}` : (session.path as string);
		await session.close();
		return ref;
	});
}

/**
 * A session as two runs of the same prompt must agree on: every entry of every branch (so
 * a duplicate or an abandoned branch shows), each as its type and content, without ids,
 * timestamps and usage.
 */
export function sessionShape(places: SessionPlaces, ref: string): Promise<unknown[]> {
	return withManager(places, ref.startsWith("pg:"), async (manager) => {
		const session: Session = await manager.open(ref, { readOnly: true });
		const shape = session.getEntries().map((entry) => {
			if (entry.type !== "message") return { type: entry.type };
			const message = entry.message as AgentMessage & Record<string, unknown>;
			return {
				type: "message",
				role: message.role,
				content: message.content,
				...(message.stopReason ? { stopReason: message.stopReason } : {}),
				...(message.toolCallId ? { toolCallId: message.toolCallId } : {}),
				...(message.isError !== undefined ? { isError: message.isError } : {}),
			};
		});
		await session.close();
		return shape;
	});
}
