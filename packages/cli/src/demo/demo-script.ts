import type { Message } from "@kestrel/ai";
import type { DemoFolder } from "./demo-folder.js";
import {
	demoFileContent,
	finalAnswer,
	furtherAnswer,
	greeting,
	reactionTo,
	steeringNote,
	stepIntroduction,
} from "./demo-texts.js";

/** The tools the tour uses, in the order it uses them. */
export const TOUR_TOOLS = ["ls", "read", "write", "bash"] as const;
export type TourTool = (typeof TOUR_TOOLS)[number];

/** One tool call of the tour, and what came of it once its result is in. */
export interface TourStep {
	/** The tool call's id. */
	id: string;
	tool: TourTool;
	args: Record<string, unknown>;
	/** Absent while the call has no result. `text` is the result's first line. */
	outcome?: { ok: boolean; text: string };
}

/** What the demo replies: some text, and at most one tool call after it. */
export interface DemoReply {
	text: string;
	toolCall?: { name: TourTool; arguments: Record<string, unknown> };
}

/** What the script decides from: the conversation, the tools of the request, the folder. */
export interface DemoInput {
	messages: readonly Message[];
	/** The names of the tools the request offers (`--tools` may leave some out). */
	tools: readonly string[];
	folder: DemoFolder;
}

/**
 * The demo's next reply, decided from the conversation alone, so that every mode and a
 * continued session behave the same. Until the demo has given a final answer, it walks
 * through the tour: `ls`, `read` a small file, `write` a new file (asked, and maybe
 * refused), `bash` a harmless command, each only when the request offers the tool; then
 * a final answer about what happened. Afterwards every prompt gets a short scripted
 * answer. Pure.
 */
export function nextDemoReply(input: DemoInput): DemoReply {
	const { messages, tools, folder } = input;
	const lastUser = lastUserText(messages);
	const answered = messages.some(
		(message) => message.role === "assistant" && message.stopReason !== "toolUse",
	);
	if (answered) return { text: furtherAnswer(lastUser) };

	const steps = tourSteps(messages);
	const last = messages.at(-1);
	const lines: string[] = [];
	if (steps.length === 0) lines.push(greeting(folder));
	if (last?.role === "toolResult") {
		const step = steps.find((candidate) => candidate.id === last.toolCallId);
		if (step) lines.push(reactionTo(step));
	} else if (last?.role === "user" && steps.length > 0) {
		lines.push(steeringNote(lastUser));
	}
	const call = nextCall(tools, folder, steps);
	if (!call) {
		lines.push(finalAnswer(steps, tools, folder));
		return { text: lines.join("\n\n") };
	}
	lines.push(stepIntroduction(call.name, call.arguments, folder));
	return { text: lines.join("\n\n"), toolCall: call };
}

/** The tour's next tool call: the first tool of the tour that is offered, not used yet, and has something to do. */
function nextCall(
	tools: readonly string[],
	folder: DemoFolder,
	steps: readonly TourStep[],
): DemoReply["toolCall"] {
	const pending = TOUR_TOOLS.filter(
		(tool) => tools.includes(tool) && !steps.some((step) => step.tool === tool),
	);
	for (const tool of pending) {
		if (tool === "ls") return { name: "ls", arguments: {} };
		if (tool === "read" && folder.fileToRead !== undefined)
			return { name: "read", arguments: { path: folder.fileToRead, limit: 20 } };
		if (tool === "write")
			return { name: "write", arguments: { path: folder.newFile, content: demoFileContent(steps) } };
		if (tool === "bash")
			return {
				name: "bash",
				arguments: {
					command: folder.gitRepository
						? "git status --short"
						: "echo 'Hello from the Kestrel demo' && ls | head -n 5",
				},
			};
	}
	return undefined;
}

/** The tour's tool calls so far (the assistant messages' calls of tour tools), each with its result when there is one. */
export function tourSteps(messages: readonly Message[]): TourStep[] {
	const steps: TourStep[] = [];
	const byId = new Map<string, TourStep>();
	for (const message of messages) {
		if (message.role === "assistant") {
			for (const block of message.content) {
				if (block.type !== "toolCall" || !isTourTool(block.name)) continue;
				const step: TourStep = { id: block.id, tool: block.name, args: block.arguments };
				steps.push(step);
				byId.set(block.id, step);
			}
		} else if (message.role === "toolResult") {
			const step = byId.get(message.toolCallId);
			if (step) step.outcome = { ok: !message.isError, text: firstLine(resultText(message.content)) };
		}
	}
	return steps;
}

function isTourTool(name: string): name is TourTool {
	return (TOUR_TOOLS as readonly string[]).includes(name);
}

function lastUserText(messages: readonly Message[]): string {
	for (let index = messages.length - 1; index >= 0; index--) {
		const message = messages[index];
		if (message?.role !== "user") continue;
		if (typeof message.content === "string") return message.content;
		return message.content.flatMap((block) => (block.type === "text" ? [block.text] : [])).join("\n");
	}
	return "";
}

function resultText(content: readonly { type: string; text?: string }[]): string {
	return content.flatMap((block) => (block.type === "text" && block.text ? [block.text] : [])).join("\n");
}

function firstLine(text: string): string {
	const line = text.trim().split("\n")[0]?.trim() ?? "";
	return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}
