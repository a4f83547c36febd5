/** Character classes a model confuses, each projected out of a text to compare two texts by it. */
const CATEGORIES: readonly { name: string; pattern: RegExp }[] = [
	{ name: "quotes", pattern: /['"\u2018-\u201f\u2032\u2033\u2035\u2036]/g },
	{ name: "dashes", pattern: /[-\u2010-\u2015\u2212\ufe58\ufe63]/g },
	{ name: "special spaces", pattern: /[\u00a0\u2000-\u200a\u202f\u205f\u3000]/g },
	{ name: "invisible characters", pattern: /[\u200b\u2060\ufeff]/g },
	{ name: "Unicode look-alikes", pattern: /[\u2024-\u2026\uff01-\uff5e\ufb00-\ufb06]/g },
];

function project(text: string, pattern: RegExp): string {
	return (text.match(pattern) ?? []).join("");
}

function trailingWhitespace(text: string): string {
	return (text.match(/[ \t]+(?=\r?\n|\r|$)/g) ?? []).join("|");
}

/**
 * What differs between a file's region and the model's text that matched it after
 * folding: `line endings`, `quotes`, `dashes`, `special spaces`, `invisible characters`,
 * `Unicode look-alikes`, `Unicode normal form`, `trailing whitespace`, `indentation`.
 */
export function describeDifferences(region: string, modelText: string, indentation: boolean): string[] {
	if (region === modelText) return [];
	const found: string[] = [];
	if (region.includes("\r") !== modelText.includes("\r")) found.push("line endings");
	for (const { name, pattern } of CATEGORIES) {
		if (project(region, pattern) !== project(modelText, pattern)) found.push(name);
	}
	if (region.normalize("NFC") !== region || modelText.normalize("NFC") !== modelText)
		found.push("Unicode normal form");
	if (trailingWhitespace(region) !== trailingWhitespace(modelText)) found.push("trailing whitespace");
	if (indentation) found.push("indentation");
	return found;
}
