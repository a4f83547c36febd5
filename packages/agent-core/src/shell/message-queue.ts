import type { AgentMessage } from "../types.js";

/**
 * How many queued messages the loop takes at one poll:
 * - `one-at-a-time`: the oldest only; the rest wait for the following polls (one per turn).
 * - `all`: every queued message at once.
 */
export type QueueMode = "one-at-a-time" | "all";

/** A FIFO of messages waiting for the loop, drained according to its mode. */
export class MessageQueue {
	private items: AgentMessage[] = [];

	constructor(public mode: QueueMode) {}

	get length(): number {
		return this.items.length;
	}

	push(message: AgentMessage): void {
		this.items.push(message);
	}

	/** A copy of the queued messages, oldest first; the queue is unchanged. */
	peek(): AgentMessage[] {
		return [...this.items];
	}

	/** Takes what the mode allows; the taken messages leave the queue. */
	drain(): AgentMessage[] {
		if (this.items.length === 0) return [];
		if (this.mode === "all") return this.items.splice(0);
		return this.items.splice(0, 1);
	}

	clear(): void {
		this.items = [];
	}
}
