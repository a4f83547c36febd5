import { Box, Text } from "ink";
import type { UiStore } from "../ui-store.js";
import { useUi } from "./use-ui.js";

/** The prompt editor with its cursor, and the hint under it. */
export function EditorView({ store }: { store: UiStore }) {
	const editor = useUi(store, (state) => state.editor);
	const hint = useUi(store, (state) => state.hint);
	const before = editor.text.slice(0, editor.cursor);
	const at = editor.text[editor.cursor];
	const after = editor.text.slice(editor.cursor + 1);
	return (
		<Box flexDirection="column" marginTop={1}>
			<Box borderStyle="round" borderColor="gray" paddingX={1}>
				<Text color="cyan">{"› "}</Text>
				{/* A text of its own: lines after the first line up under the first, not under the prompt. */}
				<Text>
					{before}
					<Text inverse>{at === undefined || at === "\n" ? " " : at}</Text>
					{at === "\n" ? "\n" : ""}
					{after}
				</Text>
			</Box>
			{hint !== undefined && <Text color="yellow">{hint}</Text>}
		</Box>
	);
}
