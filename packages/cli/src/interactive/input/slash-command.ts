/** The built-in slash commands, with their one-line help. */
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

/** The names of the built-in commands: a tool pack's command cannot take one of them. */
export const BUILT_IN_COMMAND_NAMES: ReadonlySet<string> = new Set(Object.keys(SLASH_COMMANDS));

/** A parsed editor line. */
export type EditorInput =
	| { kind: "command"; name: SlashCommandName; args: string }
	/** A command a tool pack offers (`/mcp`, `/mcp__server__prompt args`). */
	| { kind: "pack_command"; name: string; args: string }
	| { kind: "unknown_command"; name: string }
	| { kind: "shell"; command: string }
	| { kind: "prompt"; text: string };

/**
 * What a sent line is: `/name args` (a built-in command, one of `packCommands`, or an
 * unknown command), `!command` (a shell command), or a prompt. A line starting with `//`
 * or `/ ` is a prompt, so paths such as `/etc/hosts explained` still reach the model when
 * the word is not a command. Built-in names win over pack commands of the same name.
 */
export function parseEditorInput(text: string, packCommands: ReadonlySet<string> = new Set()): EditorInput {
	const trimmed = text.trim();
	if (trimmed.startsWith("!") && trimmed.length > 1)
		return { kind: "shell", command: trimmed.slice(1).trim() };
	const match = /^\/([^\s/]+)(?:\s+([\s\S]*))?$/.exec(trimmed);
	const name = match?.[1];
	if (!match || name === undefined) return { kind: "prompt", text: trimmed };
	const args = (match[2] ?? "").trim();
	if (BUILT_IN_COMMAND_NAMES.has(name)) return { kind: "command", name: name as SlashCommandName, args };
	if (packCommands.has(name)) return { kind: "pack_command", name, args };
	// `/usr/bin is empty?` is a question, not a command; so is `/Users/…` or `/ok.`. A name
	// such as `/mcp__docs__review` (a pack's command while its server is down) is a command.
	if (!/^[A-Za-z][\w-]*$/.test(name) || trimmed.slice(1).includes("/"))
		return { kind: "prompt", text: trimmed };
	return { kind: "unknown_command", name };
}

/** What Tab does to the editor's text: the completed text, and the names that still fit. */
export interface Completion {
	text: string;
	matches: readonly string[];
}

/**
 * Completes a command name being typed (`/co` → `/compact `): to the whole name and a
 * space when one name fits, else to the longest prefix the names share. `undefined` when
 * the text is not a command name being typed, or no name fits. Pure.
 */
export function completeCommand(text: string, names: Iterable<string>): Completion | undefined {
	const match = /^\/([^\s/]*)$/.exec(text);
	if (!match) return undefined;
	const typed = match[1] ?? "";
	const matches = [...new Set(names)].filter((name) => name.startsWith(typed)).sort();
	const first = matches[0];
	if (first === undefined) return undefined;
	if (matches.length === 1) return { text: `/${first} `, matches };
	let prefix = first;
	for (const name of matches) while (!name.startsWith(prefix)) prefix = prefix.slice(0, -1);
	return { text: `/${prefix}`, matches };
}

/**
 * The commands closest to an unknown `name`, best first: names that start with it or
 * contain it, then by edit distance (a transposition counts as one edit). At most
 * `count`. Pure.
 */
export function closestCommands(name: string, names: Iterable<string>, count = 3): string[] {
	const typed = name.toLowerCase();
	const score = (candidate: string): number => {
		const lower = candidate.toLowerCase();
		if (lower.startsWith(typed) || typed.startsWith(lower)) return 0;
		if (lower.includes(typed)) return 0.5;
		return editDistance(typed, lower);
	};
	return [...new Set(names)]
		.map((candidate) => ({ candidate, score: score(candidate) }))
		.sort((a, b) => a.score - b.score || a.candidate.localeCompare(b.candidate))
		.slice(0, count)
		.map(({ candidate }) => candidate);
}

/** `Unknown command /frobnicate — did you mean /fork, /model or /new? /help lists them all.` */
export function unknownCommandMessage(name: string, names: Iterable<string>): string {
	const close = closestCommands(name, names).map((candidate) => `/${candidate}`);
	const last = close.pop();
	const suggestion =
		last === undefined
			? "."
			: ` — did you mean ${close.length > 0 ? `${close.join(", ")} or ${last}` : last}?`;
	return `Unknown command /${name}${suggestion} /help lists them all.`;
}

/** Optimal string alignment distance (Damerau–Levenshtein without repeated edits of a substring). */
function editDistance(a: string, b: string): number {
	const rows = Array.from({ length: a.length + 1 }, (_, i) =>
		Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
	);
	const at = (i: number, j: number): number => rows[i]?.[j] ?? 0;
	for (let i = 1; i <= a.length; i++) {
		const row = rows[i] as number[];
		for (let j = 1; j <= b.length; j++) {
			const cost = a[i - 1] === b[j - 1] ? 0 : 1;
			let best = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
			if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
				best = Math.min(best, at(i - 2, j - 2) + 1);
			row[j] = best;
		}
	}
	return at(a.length, b.length);
}
