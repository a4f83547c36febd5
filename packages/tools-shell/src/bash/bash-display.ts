import type { ToolDisplay } from "@kestrel/agent-core";
import type { BashToolDetails } from "./types.js";

/** `$ command`, the last lines of the output (where results and errors are), and the exit facts. */
export const bashDisplay: ToolDisplay = {
	summary: (args) => `$ ${typeof args.command === "string" ? args.command : JSON.stringify(args.command)}`,
	result: (result) => ({
		kind: "text",
		keep: "tail",
		text: result.content.flatMap((part) => (part.type === "text" ? [part.text] : [])).join("\n"),
	}),
	facts: (result) => {
		const details = result.details as Partial<BashToolDetails> | undefined;
		if (typeof details !== "object" || details === null) return [];
		const facts: string[] = [];
		if (details.status === "exited") facts.push(`exit ${String(details.exitCode)}`);
		else if (typeof details.status === "string") facts.push(details.status.replace("_", " "));
		if (typeof details.durationMs === "number") facts.push(`${(details.durationMs / 1000).toFixed(1)} s`);
		const output = details.output;
		if (output?.truncated) {
			const saved = output.fullOutputPath ? `; full output in ${output.fullOutputPath}` : "";
			facts.push(`showed ${output.shownLines} of ${output.totalLines} lines${saved}`);
		}
		return facts;
	},
};
