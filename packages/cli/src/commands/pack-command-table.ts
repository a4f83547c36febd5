import type { ToolPackCommand } from "@kestrel/agent-core";

/** A pack command that cannot be offered, and why. */
export interface RefusedPackCommand {
	name: string;
	reason: string;
}

/** The pack commands a front end offers, and those it refuses. */
export interface PackCommandTable {
	/** In the packs' order. */
	commands: readonly ToolPackCommand[];
	refused: readonly RefusedPackCommand[];
}

/**
 * Which of the packs' commands can be offered next to the built-in ones: a name a
 * built-in command already has is refused (the built-in wins), and so is a name that
 * cannot be typed after a slash (empty, with a space or a `/`). Pure.
 */
export function packCommandTable(
	commands: readonly ToolPackCommand[],
	builtIns: ReadonlySet<string>,
): PackCommandTable {
	const offered: ToolPackCommand[] = [];
	const refused: RefusedPackCommand[] = [];
	for (const command of commands) {
		if (builtIns.has(command.name)) {
			refused.push({
				name: command.name,
				reason: `/${command.name} is a built-in command; the tool pack's command of that name is not offered (rename it in the pack).`,
			});
		} else if (!/^[^\s/]+$/.test(command.name)) {
			refused.push({
				name: command.name,
				reason: `"${command.name}" cannot be typed as a command (empty, or with a space or a slash); the tool pack should rename it.`,
			});
		} else offered.push(command);
	}
	return { commands: offered, refused };
}

/** `/name <hint> — description`, the line of a pack command in `/help`. */
export function packCommandHelp(command: ToolPackCommand): string {
	const hint = command.argumentHint ? ` ${command.argumentHint}` : "";
	return `/${command.name}${hint} — ${command.description}`;
}
