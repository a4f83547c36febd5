import { Box, Text } from "ink";
import { previewLines } from "../format/tool-call.js";
import { APPROVAL_KEYS, filterOptions } from "../input/overlay-key.js";
import type { Overlay } from "../ui-state.js";
import { StyledLines } from "./styled-lines.js";

/** How many picker rows are shown at once. */
const PICKER_ROWS = 10;

/** A picker, a yes/no question or a tool approval, in place of the editor. */
export function OverlayView({ overlay }: { overlay: Overlay }) {
	if (overlay.kind === "confirm") {
		return (
			<Box borderStyle="round" borderColor="yellow" paddingX={1} marginTop={1}>
				<Text>{overlay.question}</Text>
			</Box>
		);
	}
	if (overlay.kind === "approval") {
		const { toolName, summary, preview, protectedReason } = overlay.request;
		return (
			<Box borderStyle="round" borderColor="yellow" paddingX={1} marginTop={1} flexDirection="column">
				<Text>
					<Text color="yellow" bold>
						Allow {toolName}?
					</Text>{" "}
					{summary}
				</Text>
				{protectedReason !== undefined && (
					<Text color="red">Protected: {protectedReason}. Asked every time, whatever --approve says.</Text>
				)}
				<StyledLines lines={previewLines(preview)} />
				{overlay.reason === undefined ? (
					overlay.request.choices.map((choice) => (
						<Text key={choice.decision}>
							<Text bold>{APPROVAL_KEYS[choice.decision]}</Text>{" "}
							{choice.decision === "deny"
								? "deny (then type a reason for the model, or just Enter)"
								: `allow ${choice.allows}`}
						</Text>
					))
				) : (
					<Text>
						Reason for the model (Enter sends; empty = none): {overlay.reason}
						<Text inverse> </Text>
					</Text>
				)}
			</Box>
		);
	}
	const visible = filterOptions(overlay.options, overlay.filter);
	const start = Math.max(
		0,
		Math.min(overlay.selected - Math.floor(PICKER_ROWS / 2), visible.length - PICKER_ROWS),
	);
	const rows = visible.slice(start, start + PICKER_ROWS);
	return (
		<Box borderStyle="round" borderColor="cyan" paddingX={1} marginTop={1} flexDirection="column">
			<Text bold>
				{overlay.title}
				<Text dimColor> (↑↓ Enter · Esc cancels)</Text>
			</Text>
			{overlay.filter !== "" && <Text color="cyan">filter: {overlay.filter}</Text>}
			{rows.length === 0 && <Text dimColor>nothing matches</Text>}
			{rows.map((option, index) => {
				const selected = start + index === overlay.selected;
				return (
					<Text key={option.value} color={selected ? "cyan" : undefined} wrap="truncate-end">
						{selected ? "❯ " : "  "}
						{option.label}
						{option.hint ? <Text dimColor> {option.hint}</Text> : null}
					</Text>
				);
			})}
			{visible.length > PICKER_ROWS && (
				<Text dimColor>
					{overlay.selected + 1}/{visible.length}
				</Text>
			)}
		</Box>
	);
}
