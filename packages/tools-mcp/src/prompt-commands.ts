import type { ToolPackCommand } from "@kestrel/agent-core";
import type { Prompt } from "@modelcontextprotocol/sdk/types.js";
import { mapPromptMessages } from "./map-result.js";
import type { ServerConnection } from "./server-connection.js";

/** Splits command text into words; `"…"` and `'…'` group words, a backslash escapes the next character. */
export function splitWords(text: string): string[] {
	const words: string[] = [];
	let current = "";
	let quote: string | undefined;
	let inWord = false;
	for (let index = 0; index < text.length; index++) {
		const character = text[index] as string;
		if (character === "\\" && index + 1 < text.length) {
			current += text[++index];
			inWord = true;
		} else if (quote !== undefined) {
			if (character === quote) quote = undefined;
			else current += character;
		} else if (character === '"' || character === "'") {
			quote = character;
			inWord = true;
		} else if (/\s/.test(character)) {
			if (inWord) words.push(current);
			current = "";
			inWord = false;
		} else {
			current += character;
			inWord = true;
		}
	}
	if (inWord) words.push(current);
	return words;
}

/**
 * A prompt's arguments from command text: `key=value` for a declared argument, other
 * words fill the declared arguments not yet given, in order (the last one takes the rest
 * of the words). Throws when a required argument is missing, with the usage.
 */
export function promptArguments(prompt: Prompt, text: string, commandName: string): Record<string, string> {
	const declared = prompt.arguments ?? [];
	const names = new Set(declared.map((argument) => argument.name));
	const values: Record<string, string> = {};
	const positional: string[] = [];
	for (const word of splitWords(text)) {
		const equals = word.indexOf("=");
		const key = equals > 0 ? word.slice(0, equals) : "";
		if (names.has(key)) values[key] = word.slice(equals + 1);
		else positional.push(word);
	}
	const open = declared.filter((argument) => values[argument.name] === undefined);
	open.forEach((argument, index) => {
		if (index >= positional.length) return;
		values[argument.name] =
			index === open.length - 1 ? positional.slice(index).join(" ") : (positional[index] as string);
	});
	if (open.length === 0 && positional.length > 0)
		throw new Error(`/${commandName} takes no more words than its arguments: ${usage(prompt)}`);
	const missing = declared.filter((argument) => argument.required && values[argument.name] === undefined);
	if (missing.length > 0)
		throw new Error(
			`/${commandName} needs ${missing.map((argument) => argument.name).join(", ")}: /${commandName} ${usage(prompt)}`,
		);
	return values;
}

function usage(prompt: Prompt): string {
	return (prompt.arguments ?? [])
		.map((argument) => (argument.required ? `<${argument.name}>` : `[${argument.name}]`))
		.join(" ");
}

/** A server's prompt as the command `commandName`, whose run gets the prompt for the model. */
export function promptCommand(
	connection: ServerConnection,
	prompt: Prompt,
	commandName: string,
): ToolPackCommand {
	const hint = usage(prompt);
	return {
		name: commandName,
		description:
			prompt.description?.trim() || `The "${prompt.name}" prompt of the MCP server "${connection.name}".`,
		...(hint === "" ? {} : { argumentHint: hint }),
		async run(args, signal) {
			const values = promptArguments(prompt, args, commandName);
			const result = await connection.getPrompt(prompt.name, values, signal);
			const content = mapPromptMessages(result.messages);
			return { kind: "prompt", content: content.length > 0 ? content : [{ type: "text", text: "" }] };
		},
	};
}
