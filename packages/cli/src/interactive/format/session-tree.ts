import type { SessionTreeNode, TreeEntry } from "@kestrel/harness";
import type { PickerOption } from "../ui-state.js";

/**
 * The picker rows of a session tree, depth first. Indentation grows only where the tree
 * branches, so a long linear conversation stays flush left; the current leaf is marked.
 */
export function sessionTreeOptions(roots: readonly SessionTreeNode[], leafId: string | null): PickerOption[] {
	const options: PickerOption[] = [];
	const stack: { node: SessionTreeNode; depth: number }[] = [];
	for (let index = roots.length - 1; index >= 0; index--)
		stack.push({ node: roots[index] as SessionTreeNode, depth: roots.length > 1 ? 1 : 0 });
	while (stack.length > 0) {
		const { node, depth } = stack.pop() as { node: SessionTreeNode; depth: number };
		const hints = [node.label ? `[${node.label}]` : "", node.entry.id === leafId ? "← current" : ""];
		options.push({
			label: `${"  ".repeat(depth)}${entrySummary(node.entry)}`,
			hint: hints.filter(Boolean).join(" "),
			value: node.entry.id,
		});
		const childDepth = node.children.length > 1 ? depth + 1 : depth;
		for (let index = node.children.length - 1; index >= 0; index--)
			stack.push({ node: node.children[index] as SessionTreeNode, depth: childDepth });
	}
	return options;
}

/** One line about an entry: who said what, shortened. */
export function entrySummary(entry: TreeEntry): string {
	if (entry.type !== "message") return `[${entry.type.replace(/_/g, " ")}]`;
	const message = entry.message;
	if (message.role === "user") {
		const text = typeof message.content === "string" ? message.content : textOf(message.content);
		return `user: ${shorten(text)}`;
	}
	if (message.role === "assistant") {
		const text = textOf(message.content);
		const calls = message.content.flatMap((block) => (block.type === "toolCall" ? [block.name] : []));
		return `assistant: ${shorten(text || (calls.length > 0 ? `[${calls.join(", ")}]` : ""))}`;
	}
	if (message.role === "toolResult")
		return `  ${message.toolName} result${message.isError ? " (error)" : ""}`;
	return `[${message.role}]`;
}

function textOf(content: readonly { type: string; text?: string }[]): string {
	return content.flatMap((block) => (block.type === "text" && block.text ? [block.text] : [])).join(" ");
}

function shorten(text: string, max = 70): string {
	const line = text.replace(/\s+/g, " ").trim();
	return line.length <= max ? line : `${line.slice(0, max - 1)}…`;
}
