import { Static } from "ink";
import type { MarkdownRenderer } from "../format/markdown.js";
import type { UiStore } from "../ui-store.js";
import { TranscriptItemView } from "./transcript-item-view.js";
import { useUi } from "./use-ui.js";

/** The finished transcript: Ink writes each item once above the live area and never again. */
export function TranscriptView({ store, markdown }: { store: UiStore; markdown: MarkdownRenderer }) {
	const items = useUi(store, (state) => state.items);
	const showThinking = useUi(store, (state) => state.showThinking);
	return (
		<Static items={items as TranscriptItemViewItem[]}>
			{(item) => (
				<TranscriptItemView key={item.id} item={item} markdown={markdown} showThinking={showThinking} />
			)}
		</Static>
	);
}

type TranscriptItemViewItem = Parameters<typeof TranscriptItemView>[0]["item"];
