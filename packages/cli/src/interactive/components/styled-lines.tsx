import { Text } from "ink";
import type { StyledLine } from "../format/tool-call.js";

const COLORS = { added: "green", removed: "red", error: "red", dim: undefined } as const;

/** Lines with their tones: green additions, red removals and errors, dim output. */
export function StyledLines({ lines, indent = 2 }: { lines: readonly StyledLine[]; indent?: number }) {
	const pad = " ".repeat(indent);
	return (
		<>
			{lines.map((line, index) => (
				// biome-ignore lint/suspicious/noArrayIndexKey: static lines, never reordered.
				<Text key={index} color={line.tone ? COLORS[line.tone] : undefined} dimColor={line.tone === "dim"}>
					{pad}
					{line.text}
				</Text>
			))}
		</>
	);
}
