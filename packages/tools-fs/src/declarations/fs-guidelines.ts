/**
 * The file tools' rules for the system prompt, for the tools that are active: a rule that
 * points to another tool appears only when that tool is active too, so `--tools read`
 * never tells the model to use grep, write or edit.
 */

/** One rule, and the tools it needs (the first is the tool it is about). */
type Rule = readonly [text: string, ...tools: string[]];

const RULES: readonly Rule[] = [
	["Use read to look at a file before you change it; never guess its content.", "read"],
	[
		"read returns a bounded number of lines; when it says more lines follow, continue with the offset it gives.",
		"read",
	],
	[
		"For large files, find the place first with grep and read only that region with offset and limit.",
		"read",
		"grep",
	],
	["read shows images (PNG, JPEG, GIF, WebP) to you; binary files are only described.", "read"],
	["Use edit for changes to part of a file: oldText is copied from the file, newText replaces it.", "edit"],
	[
		"Give oldText enough surrounding lines to be unique in the file; several changes to one file go into one call as several edits.",
		"edit",
	],
	[
		"If an edit fails, the result shows the most similar lines of the file: correct oldText from them and retry.",
		"edit",
	],
	["Use write to create a file, or to replace one completely.", "write"],
	["For changes to part of a file, use edit rather than write.", "write", "edit"],
	[
		"write refuses to overwrite a file you have not read, or that changed since you read it: read it first.",
		"write",
		"read",
	],
	["write does not overwrite existing files here: use it for new files only.", "write", "!read"],
	["Use ls to see what a folder contains (folders end with /).", "ls"],
	["Use find to locate files by name or path pattern (glob).", "find"],
	["Use grep to search the contents of files: where something is defined or used.", "grep"],
	["Narrow grep with path and glob, and use context for surrounding lines.", "grep"],
];

/**
 * The rules for the active file tools, in a fixed order. A name prefixed with `!` in a
 * rule means the rule holds only when that tool is not active.
 */
export function fsGuidelinesFor(active: readonly string[]): string[] {
	const names = new Set(active);
	return RULES.filter(([, ...tools]) =>
		tools.every((tool) => (tool.startsWith("!") ? !names.has(tool.slice(1)) : names.has(tool))),
	).map(([text]) => text);
}
