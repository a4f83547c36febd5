import { SLASH_COMMANDS } from "./slash-command.js";

/** One command the `/` menu can offer. */
export interface MenuCommand {
	name: string;
	/** What follows the name (`[file]`); empty when the command takes nothing. */
	usage: string;
	description: string;
}

/** The menu under the editor while a command name is typed: the commands that fit, one selected. */
export interface CommandMenu {
	items: readonly MenuCommand[];
	selected: number;
}

/** The built-in commands as menu entries, from their `/help` lines. */
export const BUILT_IN_MENU_COMMANDS: readonly MenuCommand[] = Object.entries(SLASH_COMMANDS).map(
	([name, help]) => {
		const [head = "", description = ""] = help.split(" — ");
		return { name, usage: head.slice(name.length + 1).trim(), description };
	},
);

/**
 * The menu for the editor's `text`: open while the text is `/` and a name being typed
 * (no space yet), listing the commands whose name starts with it, then those that only
 * contain it; `undefined` when the text is something else or nothing fits. A command typed
 * whole is selected; else the selection stays on the command it was on when that still fits. Pure.
 */
export function commandMenu(
	text: string,
	commands: readonly MenuCommand[],
	previous?: CommandMenu,
): CommandMenu | undefined {
	const match = /^\/([^\s/]*)$/.exec(text);
	if (!match) return undefined;
	const typed = (match[1] ?? "").toLowerCase();
	const seen = new Set<string>();
	const unique = commands.filter((command) => !seen.has(command.name) && seen.add(command.name));
	const starting = unique.filter((command) => command.name.toLowerCase().startsWith(typed));
	const containing = unique.filter(
		(command) => !command.name.toLowerCase().startsWith(typed) && command.name.toLowerCase().includes(typed),
	);
	const items = [...starting, ...containing];
	if (items.length === 0) return undefined;
	const kept = previous?.items[previous.selected]?.name;
	const exact = items.findIndex((command) => command.name.toLowerCase() === typed);
	const selected =
		exact !== -1
			? exact
			: Math.max(
					0,
					items.findIndex((command) => command.name === kept),
				);
	return { items, selected };
}

/** Up (-1) or Down (+1) in the menu, wrapping around. */
export function moveMenu(menu: CommandMenu, step: -1 | 1): CommandMenu {
	const count = menu.items.length;
	return { ...menu, selected: (menu.selected + step + count) % count };
}

/** Tool pack commands (`/mcp`) as menu entries, after the built-in ones. */
export function menuCommands(
	packCommands: readonly { name: string; description: string; argumentHint?: string }[],
): MenuCommand[] {
	return [
		...BUILT_IN_MENU_COMMANDS,
		...packCommands.map(({ name, description, argumentHint }) => ({
			name,
			usage: argumentHint ?? "",
			description,
		})),
	];
}

/** What a key does while the menu is open: move the selection, run the selected command, or nothing. */
export type MenuAction =
	| { type: "move"; menu: CommandMenu }
	| { type: "run"; text: string }
	/** Esc: the menu closes, the text stays. */
	| { type: "close" };

/**
 * A key for the open menu, pure: Up and Down move the selection; Enter runs the selected
 * command when the text is not already a whole command name; Esc closes the menu.
 * `undefined` leaves the key to the editor (typing goes on filtering the menu).
 */
export function menuKey(
	menu: CommandMenu,
	text: string,
	key: {
		upArrow: boolean;
		downArrow: boolean;
		return: boolean;
		escape: boolean;
		ctrl: boolean;
		meta: boolean;
	},
): MenuAction | undefined {
	if (key.ctrl || key.meta) return undefined;
	if (key.escape) return { type: "close" };
	if (key.upArrow) return { type: "move", menu: moveMenu(menu, -1) };
	if (key.downArrow) return { type: "move", menu: moveMenu(menu, 1) };
	const selected = menu.items[menu.selected];
	if (key.return && selected && text !== `/${selected.name}`)
		return { type: "run", text: `/${selected.name}` };
	return undefined;
}
