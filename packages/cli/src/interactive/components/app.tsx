import { Box, useInput, usePaste, useWindowSize } from "ink";
import type { DisplayLookup } from "../../format/tool-views.js";
import type { MarkdownRenderer } from "../format/markdown.js";
import type { KeyPress } from "../input/key-press.js";
import type { UiStore } from "../ui-store.js";
import { CommandMenuView } from "./command-menu.js";
import { EditorView } from "./editor-view.js";
import { LiveView } from "./live-view.js";
import { OverlayView } from "./overlay-view.js";
import { StatusLineView } from "./status-line-view.js";
import { ToolDisplayContext } from "./tool-display-context.js";
import { TranscriptView } from "./transcript-view.js";
import { useUi } from "./use-ui.js";

export interface AppProps {
	store: UiStore;
	/** Receives every key (the controller's `handleKey`). */
	onKey: (input: string, key: KeyPress) => void;
	/** Receives each paste, whole (the controller's `handlePaste`); never split into keys. */
	onPaste: (text: string) => void;
	markdown: MarkdownRenderer;
	/** The displays of the session's tools; without it every tool is shown in the generic form. */
	toolDisplays?: DisplayLookup;
	/** Read keys and pastes from stdin (off in tests that change the store directly). */
	readKeys?: boolean;
}

/** The interactive screen: transcript, live message, editor (or a picker/question), status line. */
export function App({ store, onKey, onPaste, markdown, toolDisplays, readKeys = true }: AppProps) {
	useInput(onKey, { isActive: readKeys });
	// Ink turns on the terminal's bracketed paste while this is active and off at exit.
	usePaste(onPaste, { isActive: readKeys });
	return (
		<ToolDisplayContext value={toolDisplays ?? noDisplays}>
			<TranscriptView store={store} markdown={markdown} />
			<Live store={store} markdown={markdown} />
			<Bottom store={store} />
		</ToolDisplayContext>
	);
}

const noDisplays: DisplayLookup = () => undefined;

function Live({ store, markdown }: { store: UiStore; markdown: MarkdownRenderer }) {
	const { rows } = useWindowSize();
	// Leave room for the editor and the status line; taller live areas make terminals scroll and flicker.
	const maxLines = Math.max(5, (rows || 24) - 10);
	return <LiveView store={store} markdown={markdown} maxLines={maxLines} />;
}

function Bottom({ store }: { store: UiStore }) {
	const overlay = useUi(store, (state) => state.overlay);
	return (
		<Box flexDirection="column">
			{overlay ? <OverlayView overlay={overlay} /> : <EditorView store={store} />}
			{!overlay && <CommandMenuView store={store} />}
			<StatusLineView store={store} />
		</Box>
	);
}
