import type { ToolDisplay } from "@kestrel/agent-core";

/** `$ command`, and the last lines of the output: where a command's result and errors are. */
export const bashDisplay: ToolDisplay = {
	summary: (args) => `$ ${typeof args.command === "string" ? args.command : JSON.stringify(args.command)}`,
	result: (result) => ({
		kind: "text",
		keep: "tail",
		text: result.content.flatMap((part) => (part.type === "text" ? [part.text] : [])).join("\n"),
	}),
};
