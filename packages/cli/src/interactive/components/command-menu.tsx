import { Box, Text } from "ink";
import type { UiStore } from "../ui-store.js";
import { useUi } from "./use-ui.js";

/** How many commands the menu shows at once. */
const MENU_ROWS = 8;

/** The `/` menu under the editor: the commands that fit what is typed, with their descriptions. */
export function CommandMenuView({ store }: { store: UiStore }) {
	const menu = useUi(store, (state) => state.menu);
	if (!menu) return null;
	const start = Math.max(
		0,
		Math.min(menu.selected - Math.floor(MENU_ROWS / 2), menu.items.length - MENU_ROWS),
	);
	const rows = menu.items.slice(start, start + MENU_ROWS);
	const width = Math.max(...rows.map((command) => command.name.length + command.usage.length + 2));
	return (
		<Box flexDirection="column" paddingX={1}>
			{rows.map((command, index) => {
				const selected = start + index === menu.selected;
				const head = `/${command.name}${command.usage === "" ? "" : ` ${command.usage}`}`;
				return (
					<Text key={command.name} color={selected ? "cyan" : undefined} wrap="truncate-end">
						{selected ? "❯ " : "  "}
						{head.padEnd(width + 1)}
						<Text dimColor>{command.description}</Text>
					</Text>
				);
			})}
			<Text dimColor>
				{menu.items.length > MENU_ROWS ? `${menu.selected + 1}/${menu.items.length} · ` : ""}↑↓ choose · Enter
				runs · Tab completes
			</Text>
		</Box>
	);
}
