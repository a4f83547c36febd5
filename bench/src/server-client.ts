import { type ChildProcess, fork } from "node:child_process";
import type { ResponseSpec, ServerReply, ServerRequest } from "./server-protocol.js";

type Pending = (reply: ServerReply) => void;

/** The parent's handle on the wire server child process (see server-process.ts). */
export class ServerProcess {
	private nextId = 1;
	private readonly pending = new Map<number, Pending>();

	private constructor(private readonly child: ChildProcess) {
		child.on("message", (reply: ServerReply) => {
			const resolve = this.pending.get(reply.id);
			this.pending.delete(reply.id);
			resolve?.(reply);
		});
		child.on("exit", (code) => {
			for (const resolve of this.pending.values()) {
				resolve({ id: 0, type: "failed", message: `the server process exited with code ${code}` });
			}
			this.pending.clear();
		});
	}

	static start(): ServerProcess {
		const child = fork(new URL("./server-process.js", import.meta.url), [], { stdio: "inherit" });
		return new ServerProcess(child);
	}

	/** Starts a fresh loopback server that plays `responses` in order; returns its URL. */
	async serve(responses: ResponseSpec[], chunkBytes?: number): Promise<{ url: string; wireBytes: number[] }> {
		const reply = await this.request({
			id: this.nextId++,
			type: "serve",
			responses,
			...(chunkBytes ? { chunkBytes } : {}),
		});
		if (reply.type !== "served")
			throw new Error(`wire server: ${reply.type === "failed" ? reply.message : reply.type}`);
		return { url: reply.url, wireBytes: reply.wireBytes };
	}

	async close(url: string): Promise<void> {
		await this.request({ id: this.nextId++, type: "close", url });
	}

	stop(): void {
		if (this.child.connected) this.child.disconnect();
	}

	private request(request: ServerRequest): Promise<ServerReply> {
		return new Promise((resolve) => {
			this.pending.set(request.id, resolve);
			this.child.send(request);
		});
	}
}
