import { Box, Text } from "ink";
import { useMemo } from "react";
import { liveMarkdownTail } from "../format/live-markdown-tail.js";
import type { MarkdownRenderer } from "../format/markdown.js";
import { tailLines } from "../format/tail-lines.js";
import { formatToolArgs } from "../format/tool-call.js";
import type { LiveMessage } from "../transcript-item.js";
import type { UiStore } from "../ui-store.js";
import { useToolDisplays } from "./tool-display-context.js";
import { Thinking } from "./transcript-item-view.js";
import { useUi } from "./use-ui.js";

/**
 * The message being streamed and the running tools. Only the message's last `maxLines`
 * lines are drawn, so only its end is rendered as markdown (`liveMarkdownTail`): the work
 * per delta stays the same however long the answer grows. The whole message is rendered
 * once, into the transcript, when it ends.
 */
export function LiveView({
	store,
	markdown,
	maxLines,
}: {
	store: UiStore;
	markdown: MarkdownRenderer;
	maxLines: number;
}) {
	const live = useUi(store, (state) => state.live);
	const tools = useUi(store, (state) => state.tools);
	const displayOf = useToolDisplays();
	const showThinking = useUi(store, (state) => state.showThinking);
	return (
		<Box flexDirection="column">
			{live && (
				<LiveMessageView live={live} markdown={markdown} showThinking={showThinking} maxLines={maxLines} />
			)}
			{tools.map((tool) => {
				const { lines } = tailLines(tool.partialText, 5);
				return (
					<Box key={tool.toolCallId} flexDirection="column" marginTop={1}>
						<Text>
							<Text color="yellow">◌ {tool.name}</Text> {formatToolArgs(displayOf(tool.name), tool.args)}
						</Text>
						{lines.map((line, index) => (
							// biome-ignore lint/suspicious/noArrayIndexKey: a tail of output lines.
							<Text key={index} dimColor>
								{"  "}
								{line}
							</Text>
						))}
					</Box>
				);
			})}
		</Box>
	);
}

/** Characters rendered per drawn line: enough for the tail to fill the view with wrapped prose or code. */
const CHARS_PER_LINE = 200;

function LiveMessageView({
	live,
	markdown,
	showThinking,
	maxLines,
}: {
	live: LiveMessage;
	markdown: MarkdownRenderer;
	showThinking: boolean;
	maxLines: number;
}) {
	const tail = useMemo(() => liveMarkdownTail(live.text, maxLines * CHARS_PER_LINE), [live.text, maxLines]);
	const rendered = useMemo(() => markdown(tail.text), [markdown, tail.text]);
	const shown = tailLines(rendered, maxLines);
	const lines = shown.lines;
	// Source lines before the rendered tail plus rendered lines cut from it: close enough for a live view.
	const omitted = shown.omitted + tail.linesBefore;
	return (
		<Box flexDirection="column" marginTop={1}>
			{live.thinking !== "" && (
				<Thinking text={tailLines(live.thinking, maxLines).lines.join("\n")} expanded={showThinking} />
			)}
			{omitted > 0 && <Text dimColor>… {omitted} lines above</Text>}
			{lines.length > 0 && <Text>{lines.join("\n")}</Text>}
			{live.toolCalls.length > 0 && <Text color="yellow">◌ {live.toolCalls.join(", ")}</Text>}
		</Box>
	);
}
