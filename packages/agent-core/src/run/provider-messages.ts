import type { Message } from "@kestrel/ai";
import { isProviderMessage } from "../messages.js";
import type { AgentMessage } from "../types.js";

/**
 * The default `convertToLlm`, done incrementally: within a run the transcript only grows
 * at its end, so each model call filters only the messages added since the previous one
 * and the loop's cost per turn stays flat however long the transcript gets. A new
 * transcript array (`prepareNextTurn` replaced the context) or a shorter one starts over.
 *
 * The returned array is appended to on later turns: a stream function that keeps the
 * request's messages beyond the call must copy them (as it must copy a live `partial`).
 */
export class ProviderMessageCache {
	private source: AgentMessage[] | undefined;
	private seen = 0;
	private converted: Message[] = [];

	messagesFor(source: AgentMessage[]): Message[] {
		if (source !== this.source || source.length < this.seen) {
			this.source = source;
			this.seen = 0;
			this.converted = [];
		}
		for (let index = this.seen; index < source.length; index++) {
			const message = source[index]!;
			if (isProviderMessage(message)) this.converted.push(message);
		}
		this.seen = source.length;
		return this.converted;
	}
}
