/**
 * The script both loops run: every turn the model says a sentence and calls three tools
 * (read, grep, list) with small arguments; the last turn answers in text. The tools are
 * one set of objects that fits both frameworks' tool shape, so both do the same work.
 */
import { Type } from "@kestrel/ai";
import { type FauxReply, fauxText, fauxToolCall } from "@kestrel/ai/testing";

const parameters = {
	read: Type.Object({ path: Type.String(), offset: Type.Optional(Type.Integer()) }),
	grep: Type.Object({ pattern: Type.String(), path: Type.String() }),
	list: Type.Object({ path: Type.String(), depth: Type.Integer() }),
};

export type BenchToolName = keyof typeof parameters;

export interface BenchTool {
	name: BenchToolName;
	label: string;
	description: string;
	parameters: (typeof parameters)[BenchToolName];
	execute(
		toolCallId: string,
		args: Record<string, unknown>,
	): Promise<{ content: { type: "text"; text: string }[]; details: { bytes: number } }>;
}

function benchTool(name: BenchToolName): BenchTool {
	return {
		name,
		label: name,
		description: `The ${name} tool of the benchmark.`,
		parameters: parameters[name],
		execute: async (_toolCallId, args) => {
			const text = `${name} ${String(args.path ?? "")}: 3 lines\nalpha\nbeta\ngamma`;
			return { content: [{ type: "text", text }], details: { bytes: text.length } };
		},
	};
}

export function benchTools(): BenchTool[] {
	return [benchTool("read"), benchTool("grep"), benchTool("list")];
}

export function replyForTurn(turn: number): FauxReply {
	return {
		content: [
			fauxText(`Step ${turn}: reading, searching and listing.`),
			fauxToolCall("read", { path: `src/module-${turn}.ts`, offset: 1 }, `call_${turn}_read`),
			fauxToolCall("grep", { pattern: "TODO", path: `src/module-${turn}.ts` }, `call_${turn}_grep`),
			fauxToolCall("list", { path: "src", depth: 1 }, `call_${turn}_list`),
		],
		usage: { input: 1200, output: 80 },
	};
}

export const FINAL_TEXT = "All steps are done.";

export function finalReply(): FauxReply {
	return { content: [fauxText(FINAL_TEXT)], usage: { input: 1200, output: 10 } };
}

/** What a correct run leaves: the prompt, per turn an answer and three results, the final answer. */
export function expectedMessageCount(turns: number): number {
	return 1 + turns * 4 + 1;
}
