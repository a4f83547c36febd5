const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
/** Base-62 digits taken from each 64-bit hash: 62^10 < 2^64, so every digit is well spread. */
const DIGITS_PER_HASH = 10;
const DIGIT_SPACE = 62n ** BigInt(DIGITS_PER_HASH);

/**
 * `length` base-62 characters (`[0-9A-Za-z]`) derived from `text`: the same text gives
 * the same digest in every process and on every platform, which is what makes mapped
 * tool-call ids stable across turns. Not cryptographic: ids are not adversarial, they
 * only must not collide by accident (12 characters hold 71 bits).
 */
export function stableDigest(text: string, length: number): string {
	let digest = "";
	for (let round = 0; digest.length < length; round++) {
		let value = hash64(text, round) % DIGIT_SPACE;
		for (let digit = 0; digit < DIGITS_PER_HASH; digit++) {
			digest += BASE62[Number(value % 62n)];
			value /= 62n;
		}
	}
	return digest.slice(0, length);
}

/** cyrb53's mixing widened to 64 bits; `seed` gives independent hashes of one text. */
function hash64(text: string, seed: number): bigint {
	let h1 = 0xdeadbeef ^ seed;
	let h2 = 0x41c6ce57 ^ seed;
	for (let index = 0; index < text.length; index++) {
		const code = text.charCodeAt(index);
		h1 = Math.imul(h1 ^ code, 2654435761);
		h2 = Math.imul(h2 ^ code, 1597334677);
	}
	h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
	h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
	h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
	h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
	return (BigInt(h2 >>> 0) << 32n) | BigInt(h1 >>> 0);
}
