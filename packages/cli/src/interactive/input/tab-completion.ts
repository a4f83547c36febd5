import { type EditorState, withText } from "./editor-state.js";
import { completePath, folderOf, type PathEntry, pathToken } from "./path-completion.js";
import { completeCommand } from "./slash-command.js";

/** What Tab makes of the editor: its next state and the hint under it (the names that still fit). */
export interface TabResult {
	editor: EditorState;
	hint: string | undefined;
}

/** Tab on `/na`: the command name completed, or the names that fit listed. `undefined`: not a name being typed. Pure. */
export function tabCommand(editor: EditorState, names: Iterable<string>): TabResult | undefined {
	const completion = completeCommand(editor.text, names);
	if (!completion) return undefined;
	const hint =
		completion.matches.length > 1 ? completion.matches.map((name) => `/${name}`).join("  ") : undefined;
	return { editor: withText(editor, completion.text), hint };
}

/**
 * Tab on `@src/ma` (before the cursor): the path completed from `readFolder`'s entries
 * of its folder, or the entries that fit listed; a hint when nothing fits. `undefined`
 * when no `@path` is being typed.
 */
export async function tabPath(
	editor: EditorState,
	readFolder: (folder: string) => Promise<readonly PathEntry[]>,
): Promise<TabResult | undefined> {
	const token = pathToken(editor.text, editor.cursor);
	if (!token) return undefined;
	const folder = folderOf(token.path);
	const completion = completePath(token.path, await readFolder(folder));
	if (!completion) return { editor, hint: `Nothing in ${folder || "this folder"} starts with that.` };
	const before = editor.text.slice(0, token.start + 1) + completion.path;
	const hint = completion.matches.length > 1 ? completion.matches.join("  ") : undefined;
	return {
		editor: { ...editor, text: before + editor.text.slice(editor.cursor), cursor: before.length },
		hint,
	};
}
