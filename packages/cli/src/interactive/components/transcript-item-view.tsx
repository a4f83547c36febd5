import { Box, Text } from "ink";
import type { MarkdownRenderer } from "../format/markdown.js";
import { tailLines } from "../format/tail-lines.js";
import { formatToolArgs, formatToolResult } from "../format/tool-call.js";
import type { TranscriptItem } from "../transcript-item.js";
import { StyledLines } from "./styled-lines.js";
import { useToolDisplays } from "./tool-display-context.js";

/** How many lines of a `!command`'s output are shown (all of it went into the context). */
const SHELL_LINES = 20;

/** One finished item; rendered once, inside `<Static>`. */
export function TranscriptItemView({
	item,
	markdown,
	showThinking,
}: {
	item: TranscriptItem;
	markdown: MarkdownRenderer;
	showThinking: boolean;
}) {
	const displayOf = useToolDisplays();
	switch (item.kind) {
		case "user":
			return (
				<Box marginTop={1}>
					<Text color="cyan" bold>
						{"› "}
					</Text>
					<Text>{item.text}</Text>
				</Box>
			);
		case "assistant":
			return (
				<Box flexDirection="column" marginTop={1}>
					{item.thinking !== "" && <Thinking text={item.thinking} expanded={showThinking} />}
					{item.text !== "" && <Text>{markdown(item.text)}</Text>}
					{item.error !== undefined && <Text color="red">Error: {item.error}</Text>}
				</Box>
			);
		case "tool": {
			const display = displayOf(item.name);
			return (
				<Box flexDirection="column" marginTop={1}>
					<Text>
						<Text color={item.isError ? "red" : "yellow"}>● {item.name}</Text>{" "}
						{formatToolArgs(display, item.args)}
					</Text>
					<StyledLines lines={formatToolResult(display, item)} />
				</Box>
			);
		}
		case "shell": {
			const { lines, omitted } = tailLines(item.output, SHELL_LINES);
			return (
				<Box flexDirection="column" marginTop={1}>
					<Text color="magenta">
						! {item.command}{" "}
						<Text dimColor>(exit {item.exitCode ?? "killed"}; output added to the context)</Text>
					</Text>
					{omitted > 0 && <Text dimColor> … {omitted} earlier lines</Text>}
					{lines.map((line, index) => (
						// biome-ignore lint/suspicious/noArrayIndexKey: static lines, never reordered.
						<Text key={index} dimColor>
							{"  "}
							{line}
						</Text>
					))}
				</Box>
			);
		}
		case "notice":
			return <Text dimColor>{item.text}</Text>;
		case "error":
			return <Text color="red">{item.text}</Text>;
	}
}

/** Thinking, dimmed: one line when collapsed (Ctrl+T expands). */
export function Thinking({ text, expanded }: { text: string; expanded: boolean }) {
	if (expanded)
		return (
			<Text dimColor italic>
				{text.trim()}
			</Text>
		);
	const line = text.trim().replace(/\s+/g, " ");
	return (
		<Text dimColor italic wrap="truncate-end">
			Thinking: {line}
		</Text>
	);
}
