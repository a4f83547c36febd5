/** Anthropic accepts tool-use ids matching this, at most 64 characters long. */
const VALID_ID = /^[a-zA-Z0-9_-]{1,64}$/;
const MAX_LENGTH = 64;

/**
 * Maps foreign tool-call ids (OpenAI `call_…|fc_…`, Mistral, local servers) to Anthropic's
 * rule. Valid ids pass unchanged, so Claude's own `toolu_…` ids round-trip. Others are
 * cleaned and suffixed with a hash of the original, so that the mapping is the same for
 * a call and its result and two different ids never meet in one name.
 */
export function anthropicToolId(id: string): string {
	if (VALID_ID.test(id)) return id;
	const suffix = `_${hash(id)}`;
	const cleaned = id.replace(/[^a-zA-Z0-9_-]/g, "_").slice(0, MAX_LENGTH - suffix.length);
	return `${cleaned || "toolu"}${suffix}`;
}

/** Two FNV-1a passes with different offsets: 16 hex digits, stable across runs. */
function hash(text: string): string {
	let a = 0x811c9dc5;
	let b = 0x01000193 ^ 0x5bd1e995;
	for (let index = 0; index < text.length; index++) {
		const code = text.charCodeAt(index);
		a = Math.imul(a ^ code, 0x01000193);
		b = Math.imul(b ^ code, 0x01000193) ^ (b >>> 13);
	}
	return (a >>> 0).toString(16).padStart(8, "0") + (b >>> 0).toString(16).padStart(8, "0");
}
