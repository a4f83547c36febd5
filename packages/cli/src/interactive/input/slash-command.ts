/** The slash commands, with their one-line help. */
export const SLASH_COMMANDS = {
	model: "/model [provider/id[:thinking]] — switch the model (a picker without an argument)",
	thinking: "/thinking [off|minimal|low|medium|high|xhigh] — the thinking level (a picker without one)",
	compact: "/compact [instructions] — summarise the conversation now",
	new: "/new — start a new session",
	resume: "/resume — continue another session of this folder (a picker)",
	tree: "/tree — move to another point of this session's tree",
	fork: "/fork — continue in a copy of this session",
	export: "/export [file] — write this session as HTML",
	session: "/session — tokens, cost and the session file",
	help: "/help — commands and keys",
	quit: "/quit — leave kestrel",
} as const;

export type SlashCommandName = keyof typeof SLASH_COMMANDS;

/** A parsed editor line. */
export type EditorInput =
	| { kind: "command"; name: SlashCommandName; args: string }
	| { kind: "unknown_command"; name: string }
	| { kind: "shell"; command: string }
	| { kind: "prompt"; text: string };

/**
 * What a sent line is: `/name args` (a known or unknown command), `!command` (a shell
 * command), or a prompt. A line starting with `//` or `/ ` is a prompt, so paths such as
 * `/etc/hosts explained` still reach the model when the word is not a command.
 */
export function parseEditorInput(text: string): EditorInput {
	const trimmed = text.trim();
	if (trimmed.startsWith("!") && trimmed.length > 1)
		return { kind: "shell", command: trimmed.slice(1).trim() };
	const match = /^\/([a-z][a-z-]*)(?:\s+([\s\S]*))?$/.exec(trimmed);
	if (!match) return { kind: "prompt", text: trimmed };
	const name = match[1] as string;
	const args = (match[2] ?? "").trim();
	if (Object.hasOwn(SLASH_COMMANDS, name)) return { kind: "command", name: name as SlashCommandName, args };
	// `/usr/bin is empty?` is a question, not a command.
	if (trimmed.slice(1).includes("/")) return { kind: "prompt", text: trimmed };
	return { kind: "unknown_command", name };
}
