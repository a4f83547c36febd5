import * as nodePath from "node:path";
import type { FileOperations } from "../types.js";

const MAX_SUGGESTIONS = 3;

function editDistance(a: string, b: string, limit: number): number {
	if (Math.abs(a.length - b.length) > limit) return limit + 1;
	let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
	for (let i = 1; i <= a.length; i++) {
		const current = [i];
		let rowMin = i;
		for (let j = 1; j <= b.length; j++) {
			const cost = a[i - 1] === b[j - 1] ? 0 : 1;
			const value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
			current.push(value);
			rowMin = Math.min(rowMin, value);
		}
		if (rowMin > limit) return limit + 1;
		previous = current;
	}
	return previous[b.length]!;
}

function stem(name: string): string {
	const dot = name.lastIndexOf(".");
	return dot > 0 ? name.slice(0, dot) : name;
}

/**
 * Names in the same folder that the model may have meant: another case, another
 * extension, or a small typo. Empty when the folder cannot be listed.
 */
export async function suggestSimilarNames(
	operations: FileOperations,
	absolutePath: string,
): Promise<string[]> {
	const wanted = nodePath.basename(absolutePath);
	let names: string[];
	try {
		names = (await operations.readdir(nodePath.dirname(absolutePath))).map((entry) => entry.name);
	} catch {
		return [];
	}
	const lower = wanted.toLowerCase();
	const scored: { name: string; score: number }[] = [];
	for (const name of names) {
		let score: number | undefined;
		if (name.toLowerCase() === lower) score = 0;
		else if (stem(name) === stem(wanted)) score = 1;
		else {
			const distance = editDistance(name.toLowerCase(), lower, 2);
			if (distance <= 2 && wanted.length > 3) score = 1 + distance;
		}
		if (score !== undefined) scored.push({ name, score });
	}
	scored.sort((a, b) => a.score - b.score || (a.name < b.name ? -1 : 1));
	return scored.slice(0, MAX_SUGGESTIONS).map((entry) => entry.name);
}

/** "Did you mean …?" for a missing path, with display paths. */
export async function missingPathHint(
	operations: FileOperations,
	absolutePath: string,
	display: (absolute: string) => string,
): Promise<string> {
	const suggestions = await suggestSimilarNames(operations, absolutePath);
	if (suggestions.length > 0) {
		const folder = nodePath.dirname(absolutePath);
		const paths = suggestions.map((name) => display(nodePath.join(folder, name)));
		return ` Did you mean ${paths.join(" or ")}?`;
	}
	try {
		await operations.stat(nodePath.dirname(absolutePath));
		return "";
	} catch {
		return ` Its folder ${display(nodePath.dirname(absolutePath))} does not exist either; use ls or find to look around.`;
	}
}
