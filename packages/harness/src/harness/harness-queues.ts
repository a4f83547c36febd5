import { type AgentMessage, createUserMessage, MessageQueue, type QueueMode } from "@kestrel/agent-core";
import type { HarnessEvent } from "./types.js";

/**
 * The steering and follow-up queues of a harness; every change is announced with a
 * `queue_update` event (not awaited: the verbs that queue are synchronous).
 */
export class HarnessQueues {
	private readonly steering: MessageQueue;
	private readonly followUps: MessageQueue;

	constructor(
		private readonly emit: (event: HarnessEvent) => Promise<void>,
		modes: { steeringMode?: QueueMode | undefined; followUpMode?: QueueMode | undefined },
	) {
		this.steering = new MessageQueue(modes.steeringMode ?? "one-at-a-time");
		this.followUps = new MessageQueue(modes.followUpMode ?? "all");
	}

	steer(message: string | AgentMessage): void {
		this.steering.push(typeof message === "string" ? createUserMessage(message) : message);
		this.announce();
	}

	followUp(message: string | AgentMessage): void {
		this.followUps.push(typeof message === "string" ? createUserMessage(message) : message);
		this.announce();
	}

	/** Empties both queues and returns what they held. */
	clear(): { steering: AgentMessage[]; followUp: AgentMessage[] } {
		const taken = this.peek();
		this.steering.clear();
		this.followUps.clear();
		this.announce();
		return taken;
	}

	/** What both queues hold, oldest first. */
	peek(): { steering: AgentMessage[]; followUp: AgentMessage[] } {
		return { steering: this.steering.peek(), followUp: this.followUps.peek() };
	}

	/** The loop's `getSteeringMessages`. */
	takeSteering(): AgentMessage[] {
		return this.take(this.steering);
	}

	/** The loop's `getFollowUpMessages`. */
	takeFollowUps(): AgentMessage[] {
		return this.take(this.followUps);
	}

	private take(queue: MessageQueue): AgentMessage[] {
		const taken = queue.drain();
		if (taken.length > 0) this.announce();
		return taken;
	}

	private announce(): void {
		// A listener's throw is kept by the listeners and reported by the run in progress.
		this.emit({ type: "queue_update", ...this.peek() }).catch(() => {});
	}
}
