/**
 * The message kinds the harness adds to the transcript, and how they reach the model.
 *
 * They are agent messages (not provider messages): sessions store them, user interfaces
 * show them, and {@link convertHarnessMessages} turns them into user messages for the
 * model.
 */

import type { AgentMessage } from "@kestrel/agent-core";
import { defaultConvertToLlm } from "@kestrel/agent-core";
import type { ImageContent, Message, TextContent } from "@kestrel/ai";

/** The summary that stands for everything before a compaction's first kept entry. */
export interface CompactionSummaryMessage {
	role: "compactionSummary";
	summary: string;
	/** The context size, in tokens, before the compaction. */
	tokensBefore: number;
	/** Unix time in milliseconds. */
	timestamp: number;
}

/** The summary of a branch that was left, placed where the new branch starts. */
export interface BranchSummaryMessage {
	role: "branchSummary";
	summary: string;
	/** The entry the abandoned branch ended at. */
	fromId: string;
	timestamp: number;
}

/**
 * An app-defined message that the model sees as a user message (a `custom_message`
 * session entry). `display: false` hides it from user interfaces, not from the model.
 */
export interface HarnessCustomMessage<TDetails = unknown> {
	role: "custom";
	customType: string;
	content: string | (TextContent | ImageContent)[];
	display: boolean;
	details?: TDetails;
	timestamp: number;
}

/**
 * What the user's own shell command (the terminal's `!command`) produced, as given to
 * `AgentHarness.recordShellCommand`. The harness stores it as a {@link ShellCommandMessage}.
 */
export interface ShellCommandRecord {
	/** The command line as the user typed it. */
	command: string;
	/** stdout and stderr as shown to the user (already shortened by the caller, if it had to). */
	output: string;
	/** `null` when the command was killed by a signal or never ran. */
	exitCode: number | null;
	/** The user stopped the command before it ended. */
	cancelled?: boolean;
	/** `output` is only the end of what the command printed. */
	truncated?: boolean;
	/** Where the whole output was saved, when `truncated`. */
	fullOutputPath?: string;
	/** Keep it on the record (and on screen) but out of what the model reads (`!!command`). */
	excludeFromContext?: boolean;
}

/**
 * A shell command the user ran, with its output: a `message` entry of the session. The
 * model reads it as a user message ({@link shellCommandText}) unless `excludeFromContext`.
 */
export interface ShellCommandMessage extends ShellCommandRecord {
	role: "shell";
	/** Unix time in milliseconds. */
	timestamp: number;
}

declare module "@kestrel/agent-core" {
	interface CustomAgentMessages {
		compactionSummary: CompactionSummaryMessage;
		branchSummary: BranchSummaryMessage;
		custom: HarnessCustomMessage;
		shell: ShellCommandMessage;
	}
}

/** What a tool result's body becomes when compaction drops it (`CompactionEntry.strippedEntryIds`). */
export const STRIPPED_TOOL_RESULT_TEXT = "[tool output removed during compaction]";

/** A tool result with its body replaced by {@link STRIPPED_TOOL_RESULT_TEXT}; other messages as they are. */
export function stripToolResult<T extends AgentMessage>(message: T): T {
	if (message.role !== "toolResult") return message;
	return { ...message, content: [{ type: "text", text: STRIPPED_TOOL_RESULT_TEXT }] };
}

/** The text the model reads in place of a compacted history. */
export function compactionSummaryText(summary: string): string {
	return `The conversation so far was compacted. This is a summary of it:\n\n<summary>\n${summary}\n</summary>`;
}

/** The text the model reads in place of an abandoned branch. */
export function branchSummaryText(summary: string): string {
	return `The conversation went down another path before returning here. A summary of that path:\n\n<summary>\n${summary}\n</summary>`;
}

/** The message of a record, with only the fields it sets (no `false` or `undefined` flags). */
export function createShellCommandMessage(
	record: ShellCommandRecord,
	timestamp = Date.now(),
): ShellCommandMessage {
	const { command, output, exitCode, cancelled, truncated, fullOutputPath, excludeFromContext } = record;
	return {
		role: "shell",
		command,
		output,
		exitCode,
		...(cancelled ? { cancelled } : {}),
		...(truncated ? { truncated } : {}),
		...(fullOutputPath === undefined ? {} : { fullOutputPath }),
		...(excludeFromContext ? { excludeFromContext } : {}),
		timestamp,
	};
}

/** The text the model reads for a shell command the user ran: the command, how it ended, its output. */
export function shellCommandText(message: ShellCommandRecord): string {
	const status = message.cancelled
		? "cancelled by me"
		: message.exitCode === null
			? "killed"
			: `exit code ${message.exitCode}`;
	const cut = message.truncated
		? message.fullOutputPath === undefined
			? " (only its end)"
			: ` (only its end; the whole output is in ${message.fullOutputPath})`
		: "";
	const output = message.output.replace(/\n$/, "");
	if (output === "") return `I ran \`${message.command}\` (${status}). It printed nothing.`;
	return `I ran \`${message.command}\` (${status}). Its output${cut}:\n\`\`\`\n${output}\n\`\`\``;
}

/**
 * The harness's `convertToLlm`: compaction and branch summaries, custom messages and shell
 * commands (unless `excludeFromContext`) become user messages; assistant messages that ended in `error` or `aborted` are left out with
 * the results of their tool calls (a failed attempt is on the record, not in the next
 * request); other provider messages pass; unknown kinds are dropped.
 */
export function convertHarnessMessages(messages: AgentMessage[]): Message[] {
	const out: Message[] = [];
	const skippedCalls = new Set<string>();
	for (const message of messages) {
		switch (message.role) {
			case "compactionSummary":
				out.push({
					role: "user",
					content: compactionSummaryText(message.summary),
					timestamp: message.timestamp,
				});
				break;
			case "branchSummary":
				out.push({ role: "user", content: branchSummaryText(message.summary), timestamp: message.timestamp });
				break;
			case "custom":
				out.push({ role: "user", content: message.content, timestamp: message.timestamp });
				break;
			case "shell":
				if (!message.excludeFromContext)
					out.push({ role: "user", content: shellCommandText(message), timestamp: message.timestamp });
				break;
			case "assistant":
				if (message.stopReason !== "error" && message.stopReason !== "aborted") out.push(message);
				else for (const block of message.content) if (block.type === "toolCall") skippedCalls.add(block.id);
				break;
			case "toolResult":
				if (!skippedCalls.has(message.toolCallId)) out.push(message);
				break;
			default:
				out.push(...defaultConvertToLlm([message]));
		}
	}
	return out;
}
