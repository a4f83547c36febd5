import { Text } from "ink";
import { formatStatusLine } from "../format/status-line.js";
import type { UiStore } from "../ui-store.js";
import { useUi } from "./use-ui.js";

export function StatusLineView({ store }: { store: UiStore }) {
	const status = useUi(store, (state) => state.status);
	return (
		<Text dimColor wrap="truncate-end">
			{formatStatusLine(status)}
		</Text>
	);
}
