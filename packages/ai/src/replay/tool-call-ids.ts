import { stableDigest } from "./stable-digest.js";

/**
 * What tool-call ids a target API accepts, and how an id it would reject is replaced.
 * Both functions are pure: the replacement depends only on the original id and the
 * attempt number, so a call and the result that answers it, and the same call in the
 * next request, get the same id.
 */
export interface ToolCallIdRule {
	/** Whether the target takes `id` as it is. */
	accepts(id: string): boolean;
	/**
	 * An id the target accepts, derived from `id`. `attempt` is 0 for the first choice and
	 * counts up when that choice is already taken in the request (see {@link ToolCallIdAssigner}).
	 */
	derive(id: string, attempt: number): string;
	/**
	 * Keep ids of the target model's own calls even when {@link accepts} says no. For
	 * OpenAI Responses, whose own ids are `call_id|item_id` pairs the provider splits again
	 * (the item id pairs a call with its reasoning item; a re-made id would break that).
	 */
	readonly keepsOwnIds?: boolean;
}

/** The shape of accepted ids, for {@link toolCallIdRule}. */
export interface ToolCallIdFormat {
	/**
	 * `word`: `[A-Za-z0-9_-]`; `alphanumeric`: `[A-Za-z0-9]`; `any`: every character is
	 * accepted as it is (ids made by {@link ToolCallIdRule.derive} still use `word` characters).
	 */
	charset: "word" | "alphanumeric" | "any";
	/** The most characters (UTF-16 code units) an id may have. */
	maxLength: number;
	/** Every id has exactly `maxLength` characters. */
	exactLength?: boolean;
	/** See {@link ToolCallIdRule.keepsOwnIds}. */
	keepsOwnIds?: boolean;
}

const CHARSETS = { word: /^[A-Za-z0-9_-]*$/, alphanumeric: /^[A-Za-z0-9]*$/, any: /^/ } as const;
/** Characters a derived id's prefix may not keep, and what replaces them. */
const DISALLOWED = {
	word: [/[^A-Za-z0-9_-]/g, "_"],
	alphanumeric: [/[^A-Za-z0-9]/g, ""],
	any: [/[^A-Za-z0-9_-]/g, "_"],
} as const;
/** Base-62 characters appended to a derived id: 71 bits, no accidental collisions. */
const DIGEST_LENGTH = 12;

/**
 * A rule from a declarative format. A derived id keeps a readable prefix of the
 * original (disallowed characters replaced) followed by `_` and a digest of the whole
 * original, so two ids that share a long prefix still differ; when the format leaves no
 * room for a prefix (Mistral's 9 characters), the id is the digest alone.
 */
export function toolCallIdRule(format: ToolCallIdFormat): ToolCallIdRule {
	const { charset, maxLength, exactLength = false } = format;
	const separator = charset === "alphanumeric" ? "" : "_";
	return {
		keepsOwnIds: format.keepsOwnIds ?? false,
		accepts(id) {
			const lengthFits = exactLength ? id.length === maxLength : id.length >= 1 && id.length <= maxLength;
			return lengthFits && CHARSETS[charset].test(id);
		},
		derive(id, attempt) {
			const digest = stableDigest(attempt === 0 ? id : `${id}\u0000${attempt}`, maxLength);
			const room = maxLength - DIGEST_LENGTH - separator.length;
			const [disallowed, replacement] = DISALLOWED[charset];
			const prefix = room > 0 ? id.replace(disallowed, replacement).slice(0, room) : "";
			if (!prefix) return digest.slice(0, exactLength ? maxLength : Math.min(maxLength, DIGEST_LENGTH));
			const derived = `${prefix}${separator}${digest.slice(0, DIGEST_LENGTH)}`;
			// An exact length longer than prefix + digest is filled up with more digest.
			return exactLength ? `${derived}${digest}`.slice(0, maxLength) : derived;
		},
	};
}

/** Anthropic Messages: `tool_use.id` must match `^[a-zA-Z0-9_-]{1,64}$`. */
export const ANTHROPIC_TOOL_CALL_IDS = toolCallIdRule({ charset: "word", maxLength: 64 });

/**
 * OpenAI Chat Completions: `tool_call_id` may have at most 40 characters ("string too
 * long. Expected a string with maximum length 40"); the characters are not restricted,
 * and compatible servers that make ids like `functions.name:0` (Kimi) expect them back.
 */
export const CHAT_COMPLETIONS_TOOL_CALL_IDS = toolCallIdRule({ charset: "any", maxLength: 40 });

/** Mistral (through chat completions): ids are exactly 9 letters and digits. */
export const MISTRAL_TOOL_CALL_IDS = toolCallIdRule({
	charset: "alphanumeric",
	maxLength: 9,
	exactLength: true,
});

/**
 * OpenAI Responses: a foreign id becomes a `call_id` of at most 64 `[A-Za-z0-9_-]`
 * characters, without `|`, so the provider sends it with no item id (an item id from
 * another model would be rejected: it is not paired with a reasoning item of this one).
 * The model's own `call_id|item_id` ids, often hundreds of characters, stay whole.
 */
export const OPENAI_RESPONSES_TOOL_CALL_IDS = toolCallIdRule({
	charset: "word",
	maxLength: 64,
	keepsOwnIds: true,
});

/**
 * Gemini: `functionCall.id` is optional and matched to `functionResponse.id` by the
 * provider; foreign ids are kept to Anthropic's conservative shape so they never carry
 * characters or lengths the API has not documented.
 */
export const GOOGLE_TOOL_CALL_IDS = toolCallIdRule({ charset: "word", maxLength: 64 });

/**
 * Gives each tool call of one request its target id. Ids the target accepts stay as they
 * are, others are derived from a digest; the first id to claim a value keeps it and a
 * later one that would repeat it (a duplicate id in the history, or a digest collision)
 * takes the next attempt. The history is append-only and processed in order, so earlier
 * assignments never change between turns. One assigner serves one request.
 */
export class ToolCallIdAssigner {
	private readonly taken = new Set<string>();

	constructor(private readonly rule: ToolCallIdRule) {}

	/** The id to send for a call; `own` when the call was made by the target model itself. */
	assign(id: string, own: boolean): string {
		const keep = this.rule.accepts(id) || (own && this.rule.keepsOwnIds === true && id.length > 0);
		let candidate = keep ? id : this.rule.derive(id, 0);
		for (let attempt = 1; this.taken.has(candidate); attempt++) candidate = this.rule.derive(id, attempt);
		this.taken.add(candidate);
		return candidate;
	}
}

/** The id one call gets when nothing else in the request competes for it. */
export function mapToolCallId(id: string, rule: ToolCallIdRule): string {
	return rule.accepts(id) ? id : rule.derive(id, 0);
}
