import type {
	ResponseErrorEvent,
	ResponseOutputItem,
	ResponseStreamEvent,
} from "openai/resources/responses/responses";
import type { MessageAssembler } from "../../assembler.js";
import { classifyResponseError, mapTerminal, mapUsage, type WireResponse } from "./map.js";
import { joinToolCallId } from "./tool-ids.js";

/** What a block has received so far, for servers that send some content only in `done` events. */
interface BlockState {
	/** A delta arrived (text, summary, reasoning or argument text). */
	streamed: boolean;
	/** The item is done; late events for it are ignored. */
	closed: boolean;
	/** The summary part the last reasoning delta belonged to. */
	summaryIndex?: number;
}

/**
 * Translates Responses stream events into assembler calls. Block keys are the
 * `output_index` of each output item: one text block per `message` item (its id kept as
 * `textSignature`), one thinking block per `reasoning` item, one tool call per
 * `function_call` item. Item types Kestrel does not request (web search, …) and event
 * types it does not know are ignored.
 *
 * Compatible servers skip events OpenAI sends (`output_item.added`, the deltas), so a
 * block is opened by whichever of its events comes first, and content that only arrives
 * in a `*.done` event or the finished item is taken from there.
 */
export class ResponseEventMapper {
	private readonly blocks = new Map<number, BlockState>();

	constructor(private readonly assembler: MessageAssembler) {}

	handle(event: ResponseStreamEvent): void {
		switch (event.type) {
			case "response.created":
			case "response.in_progress":
			case "response.queued":
				this.assembler.setResponseId(event.response?.id);
				return;
			case "response.output_item.added":
				this.openItem(event.output_index, event.item);
				return;
			case "response.output_text.delta":
			case "response.refusal.delta":
				// A refusal is what the model says instead of an answer: it is the answer's text.
				this.appendText(event.output_index, event.item_id, event.delta);
				return;
			case "response.output_text.done":
				if (!this.state(event.output_index).streamed)
					this.appendText(event.output_index, event.item_id, event.text);
				return;
			case "response.reasoning_summary_text.delta":
				this.appendSummary(event.output_index, event.summary_index, event.delta);
				return;
			case "response.reasoning_text.delta":
				this.appendThinking(event.output_index, event.delta);
				return;
			case "response.function_call_arguments.delta":
				this.appendArguments(event.output_index, event.delta);
				return;
			case "response.function_call_arguments.done":
				if (!this.state(event.output_index).streamed)
					this.appendArguments(event.output_index, event.arguments);
				return;
			case "response.output_item.done":
				this.closeItem(event.output_index, event.item);
				return;
			case "response.completed":
				this.end(event.response, "completed");
				return;
			case "response.incomplete":
				this.end(event.response, "incomplete");
				return;
			case "response.failed":
				this.end(event.response, "failed");
				return;
			case "error":
				this.fail(event);
				return;
		}
	}

	private openItem(key: number, item: ResponseOutputItem): void {
		if (this.assembler.openKind(key) || this.state(key).closed) return;
		switch (item.type) {
			case "message":
				this.assembler.beginText(key);
				if (item.id) this.assembler.setTextSignature(key, item.id);
				break;
			case "reasoning":
				this.assembler.beginThinking(key);
				break;
			case "function_call":
				this.assembler.beginToolCall(key, { id: joinToolCallId(item.call_id, item.id), name: item.name });
				if (item.arguments) this.appendArguments(key, item.arguments);
				break;
		}
	}

	/**
	 * Takes what the finished item holds and the deltas did not bring, then ends the
	 * block. A reasoning item is kept whole as the thinking signature: it is what the
	 * next request replays, byte for byte.
	 */
	private closeItem(key: number, item: ResponseOutputItem): void {
		this.openItem(key, item);
		const state = this.state(key);
		if (state.closed) return;
		const streamed = state.streamed;
		switch (item.type) {
			case "message":
				if (!streamed) {
					const text = item.content.map((part) => (part.type === "output_text" ? part.text : part.refusal));
					this.appendText(key, item.id, text.join(""));
				}
				break;
			case "reasoning": {
				if (!streamed) {
					const summary = item.summary.map((part) => part.text).join("\n\n");
					const content = (item.content ?? []).map((part) => part.text).join("\n\n");
					this.appendThinking(key, summary || content);
				}
				this.assembler.appendThinkingSignature(key, JSON.stringify(item));
				break;
			}
			case "function_call":
				if (!streamed && item.arguments) this.appendArguments(key, item.arguments);
				this.assembler.updateToolCall(key, { id: joinToolCallId(item.call_id, item.id), name: item.name });
				break;
			default:
				return;
		}
		state.closed = true;
		this.assembler.endBlock(key);
	}

	private appendText(key: number, itemId: string | undefined, delta: string): void {
		if (this.assembler.openKind(key) === undefined && !this.state(key).closed) {
			this.assembler.beginText(key);
			if (itemId) this.assembler.setTextSignature(key, itemId);
		}
		if (this.assembler.openKind(key) !== "text") return;
		this.assembler.appendText(key, delta);
		this.state(key).streamed ||= delta.length > 0;
	}

	/** Summary parts of one reasoning item become paragraphs of one thinking block. */
	private appendSummary(key: number, summaryIndex: number, delta: string): void {
		const state = this.state(key);
		const separator = state.streamed && state.summaryIndex !== summaryIndex ? "\n\n" : "";
		state.summaryIndex = summaryIndex;
		this.appendThinking(key, separator + delta);
	}

	private appendThinking(key: number, delta: string): void {
		if (this.assembler.openKind(key) === undefined && !this.state(key).closed)
			this.assembler.beginThinking(key);
		if (this.assembler.openKind(key) !== "thinking") return;
		this.assembler.appendThinking(key, delta);
		this.state(key).streamed ||= delta.length > 0;
	}

	private appendArguments(key: number, delta: string): void {
		if (this.assembler.openKind(key) !== "toolCall") return;
		this.assembler.appendToolArguments(key, delta);
		this.state(key).streamed ||= delta.length > 0;
	}

	private state(key: number): BlockState {
		let state = this.blocks.get(key);
		if (!state) {
			state = { streamed: false, closed: false };
			this.blocks.set(key, state);
		}
		return state;
	}

	private end(response: WireResponse & { id?: string }, fallbackStatus: string): void {
		this.assembler.setResponseId(response.id);
		if (response.usage) this.assembler.setUsage(mapUsage(response.usage));
		const mapped = mapTerminal(response, fallbackStatus);
		if ("failure" in mapped) {
			this.assembler.message.rawStopReason = mapped.raw;
			this.assembler.fail(mapped.failure.message, mapped.failure.error);
			return;
		}
		this.assembler.setStopReason(mapped.reason, mapped.raw);
		this.assembler.finish();
	}

	/**
	 * The documented `error` event, flat (`{type, code, message, param}`). The nested shape
	 * (`{type, error: {…}}`), which the API has also been seen to send, never reaches here:
	 * the SDK throws it as an `APIError`, classified by the run like any other.
	 */
	private fail(event: ResponseErrorEvent): void {
		const { message, error } = classifyResponseError(event);
		this.assembler.fail(message, error);
	}
}
