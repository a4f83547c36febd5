/** How a server that writes reasoning into the answer text marks it; see `OpenAICompletionsCompat.thinkTags`. */
export type ThinkTagsMode = "leading" | "prefilled";

/** A run of content classified as reasoning or as answer text. */
export interface ContentPiece {
	kind: "thinking" | "text";
	text: string;
}

const OPEN = "<think>";
const CLOSE = "</think>";

/**
 * - `before`: nothing but whitespace and a prefix of `<think>` so far.
 * - `thinking-start` / `after-close`: dropping the line breaks after a tag.
 * - `thinking`: inside the block, looking for `</think>`.
 * - `text`: everything else is answer text.
 */
type Phase = "before" | "thinking-start" | "thinking" | "after-close" | "text";

/**
 * Splits streamed `content` deltas of a server that writes reasoning as a `<think>…</think>`
 * block at the start of the answer (DeepSeek-R1 distills, QwQ, Qwen3 on servers without a
 * reasoning parser). Pure and incremental: `push` returns what each delta decides and holds
 * back only what it cannot decide yet — leading whitespace, a tag cut between two deltas
 * (`<thi` + `nk>`), whitespace that may turn out to precede `</think>`.
 *
 * The rule:
 * - `leading`: when the content, after optional whitespace, begins with `<think>`, everything
 *   up to the first `</think>` is reasoning and the rest is text. Content that begins with
 *   anything else is text, tags and all, exactly as it came.
 * - `prefilled`: the chat template wrote `<think>` into the prompt, so the content starts
 *   inside the reasoning; a `<think>` at its start is accepted and skipped. Without a
 *   `</think>` the whole content is reasoning.
 * - Only the first block counts: a later `<think>` is text. Whitespace around the
 *   reasoning and before the answer is the template's line breaks, not the model's words,
 *   and is dropped.
 *
 * Linear in the input: each character is examined a bounded number of times, whatever
 * the delta sizes (held whitespace is appended to, never re-scanned).
 */
export class ThinkTagSplitter {
	private phase: Phase = "before";
	/** Whitespace not yet classified: leading the content, or trailing the reasoning so far. */
	private heldSpace = "";
	/** A proper prefix of the tag being looked for, ending the input so far. */
	private heldTag = "";

	constructor(private readonly mode: ThinkTagsMode) {}

	/** Classifies one content delta. */
	push(delta: string): ContentPiece[] {
		const out: ContentPiece[] = [];
		this.consume(delta, out);
		return out;
	}

	/**
	 * The stream ended (or a tool call ended the content): releases what is held. An
	 * unclosed block ends as reasoning; content that was only whitespace and part of a tag
	 * stays what it would have been without the flag. Later deltas are text.
	 */
	end(): ContentPiece[] {
		const out: ContentPiece[] = [];
		const held = this.heldSpace + this.heldTag;
		if (this.phase === "before" && held) {
			if (this.mode === "leading") out.push({ kind: "text", text: held });
			else if (this.heldTag) out.push({ kind: "thinking", text: this.heldTag });
		} else if (this.phase === "thinking" && this.heldTag) {
			out.push({ kind: "thinking", text: held });
		}
		this.phase = "text";
		this.heldSpace = "";
		this.heldTag = "";
		return out;
	}

	private consume(input: string, out: ContentPiece[]): void {
		let rest = input;
		while (rest) {
			switch (this.phase) {
				case "text":
					out.push({ kind: "text", text: rest });
					return;
				case "before":
					rest = this.before(rest, out);
					break;
				case "thinking-start":
				case "after-close": {
					const trimmed = rest.trimStart();
					if (!trimmed) return;
					this.phase = this.phase === "after-close" ? "text" : "thinking";
					rest = trimmed;
					break;
				}
				case "thinking":
					rest = this.thinking(rest, out);
					break;
			}
		}
	}

	/** Looks for `<think>` after leading whitespace; returns the input left to classify. */
	private before(input: string, out: ContentPiece[]): string {
		let candidate = input;
		if (!this.heldTag) {
			const trimmed = input.trimStart();
			this.heldSpace += input.slice(0, input.length - trimmed.length);
			if (!trimmed) return "";
			candidate = trimmed;
		} else {
			candidate = this.heldTag + input;
		}
		if (candidate.startsWith(OPEN)) {
			this.clearHeld("thinking-start");
			return candidate.slice(OPEN.length);
		}
		if (candidate.length < OPEN.length && OPEN.startsWith(candidate)) {
			this.heldTag = candidate;
			return "";
		}
		// No opening tag: the content is text, or (prefilled) reasoning from its first character.
		if (this.mode === "prefilled") {
			this.clearHeld("thinking");
			return candidate;
		}
		const text = this.heldSpace + candidate;
		this.clearHeld("text");
		out.push({ kind: "text", text });
		return "";
	}

	/** Emits reasoning up to `</think>`; returns the input after the tag, or "" when none yet. */
	private thinking(input: string, out: ContentPiece[]): string {
		const searched = this.heldTag + input;
		const close = searched.indexOf(CLOSE);
		if (close >= 0) {
			const body = searched.slice(0, close).trimEnd();
			if (body) out.push({ kind: "thinking", text: this.heldSpace + body });
			this.clearHeld("after-close");
			return searched.slice(close + CLOSE.length);
		}
		const tag = tagPrefixAtEnd(searched, CLOSE);
		const body = searched.slice(0, searched.length - tag.length);
		const core = body.trimEnd();
		if (core) {
			out.push({ kind: "thinking", text: this.heldSpace + core });
			this.heldSpace = body.slice(core.length);
		} else {
			this.heldSpace += body;
		}
		this.heldTag = tag;
		return "";
	}

	private clearHeld(next: Phase): void {
		this.phase = next;
		this.heldSpace = "";
		this.heldTag = "";
	}
}

/** The longest proper prefix of `tag` that `text` ends with ("" when none). */
function tagPrefixAtEnd(text: string, tag: string): string {
	for (let length = Math.min(tag.length - 1, text.length); length > 0; length--) {
		const prefix = tag.slice(0, length);
		if (text.endsWith(prefix)) return prefix;
	}
	return "";
}
