import { randomBytes } from "node:crypto";

/**
 * A new entry id: 8 hexadecimal characters from `crypto.randomBytes`, not among `taken`.
 * After a few collisions (a file with a great many entries) the id grows by two characters.
 */
export function createEntryId(taken: { has(id: string): boolean }): string {
	for (let bytes = 4; ; bytes++) {
		for (let attempt = 0; attempt < 8; attempt++) {
			const id = randomBytes(bytes).toString("hex");
			if (!taken.has(id)) return id;
		}
	}
}
