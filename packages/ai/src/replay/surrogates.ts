/** A high surrogate not followed by a low one, or a low surrogate not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * `text` without unpaired UTF-16 surrogates. They appear when text is cut inside an emoji
 * (a truncated tool output, a stream split by a proxy); JSON carries them as `\udXXX`
 * escapes, which Anthropic rejects ("no low surrogate in string") and other servers turn
 * into errors or replacement characters. Never applied to signed material: its bytes are
 * what the signature covers.
 */
export function removeLoneSurrogates(text: string): string {
	return text.replace(LONE_SURROGATE, "");
}

/** Whether `text` holds an unpaired surrogate. */
export function hasLoneSurrogate(text: string): boolean {
	return text.search(LONE_SURROGATE) >= 0;
}

/** {@link removeLoneSurrogates} over every string (keys too) of a JSON value, such as tool arguments. */
export function removeLoneSurrogatesDeep<T>(value: T): T {
	if (typeof value === "string") return removeLoneSurrogates(value) as T;
	if (Array.isArray(value)) return value.map(removeLoneSurrogatesDeep) as T;
	if (value === null || typeof value !== "object") return value;
	const entries = Object.entries(value).map(([key, entry]) => [
		removeLoneSurrogates(key),
		removeLoneSurrogatesDeep(entry),
	]);
	return Object.fromEntries(entries) as T;
}
