import type { TSchema } from "typebox";
import { Settings } from "typebox/system";
import { Value } from "typebox/value";
import {
	type ConversationReply,
	type ConversationScript,
	ConversationScriptSchema,
} from "./script-schema.js";

/** A conversation script that cannot be used: every problem, each naming its JSON pointer. */
export class ConversationScriptError extends Error {
	override readonly name = "ConversationScriptError";
	constructor(
		/** The script's file name, as given. */
		readonly file: string,
		/** One line per problem: `"/replies/0/when/turn": must be >= 1`. */
		readonly problems: readonly string[],
	) {
		super([`Invalid conversation script ${file}:`, ...problems.map((line) => `  - ${line}`)].join("\n"));
	}
}

/**
 * Parses and checks the text of a conversation script (JSON): its shape against
 * {@link ConversationScriptSchema}, then what a schema cannot say (regular expressions
 * that compile, a reply that has something to send, an error reply with nothing else).
 * Pure: `file` is only used in messages.
 *
 * @throws ConversationScriptError listing each problem with its JSON pointer and the fix.
 */
export function parseConversationScript(text: string, file: string): ConversationScript {
	let value: unknown;
	try {
		value = JSON.parse(text);
	} catch (error) {
		const reason = error instanceof Error ? error.message : String(error);
		throw new ConversationScriptError(file, [`not JSON (${reason}); fix the syntax`]);
	}
	const problems = schemaProblems(value);
	if (problems.length === 0) problems.push(...replyProblems(value as ConversationScript));
	if (problems.length > 0) throw new ConversationScriptError(file, problems);
	return value as ConversationScript;
}

/** How many schema errors are gathered: a script is small, and each problem is worth a line. */
const MAX_SCHEMA_ERRORS = 64;

/** TypeBox's errors for `value`, up to {@link MAX_SCHEMA_ERRORS} (its global limit is raised for this call only). */
function schemaErrors(value: unknown): ReturnType<typeof Value.Errors> {
	const { maxErrors } = Settings.Get();
	Settings.Set({ maxErrors: MAX_SCHEMA_ERRORS });
	try {
		return Value.Errors(ConversationScriptSchema, value);
	} finally {
		Settings.Set({ maxErrors });
	}
}

/** The schema's errors as one line per pointer, in the order they are found. */
function schemaProblems(value: unknown): string[] {
	const byPointer = new Map<string, string>();
	const allowed = new Map<string, unknown[]>();
	const errors = schemaErrors(value);
	for (const error of errors) {
		const pointer = error.instancePath;
		const at = `"${pointer || "/"}"`;
		const params = error.params as { allowedValue?: unknown; requiredProperties?: string[] };
		if (error.keyword === "additionalProperties" || error.keyword === "anyOf") continue;
		if (error.keyword === "boolean") byPointer.set(pointer, `${at}: ${unknownKeyAdvice(pointer)}`);
		else if (error.keyword === "const") {
			const choices = [...(allowed.get(pointer) ?? []), params.allowedValue];
			allowed.set(pointer, choices);
			byPointer.set(pointer, `${at}: must be one of ${choices.map((c) => JSON.stringify(c)).join(", ")}`);
		} else if (error.keyword === "required") {
			const missing = (params.requiredProperties ?? []).map((key) => JSON.stringify(key)).join(", ");
			byPointer.set(`${pointer}#required`, `${at}: missing ${missing}; add it`);
		} else if (error.keyword === "pattern" && pointer === "/model") {
			byPointer.set(pointer, `${at}: must be a model id without "/" or spaces`);
		} else if (!byPointer.has(pointer)) byPointer.set(pointer, `${at}: ${error.message}`);
	}
	const lines = [...byPointer.values()];
	if (errors.length >= MAX_SCHEMA_ERRORS) lines.push("(checking stopped here: there may be more)");
	return lines;
}

/** "unknown key; remove it", with the keys its object takes. */
function unknownKeyAdvice(pointer: string): string {
	const segments = pointer.split("/").slice(1);
	const key = segments.at(-1) ?? "";
	if (key === "when" && segments[0] === "fallback")
		return `the fallback answers whatever matched nothing; remove "when"`;
	const parent = schemaAt(ConversationScriptSchema, segments.slice(0, -1)) as
		| { properties?: Record<string, unknown> }
		| undefined;
	const keys = parent?.properties ? Object.keys(parent.properties) : [];
	return `unknown key${keys.length ? ` (this object takes ${keys.join(", ")})` : ""}; remove it`;
}

/** The sub-schema at a pointer's segments (array indexes step into `items`). */
function schemaAt(schema: TSchema, segments: string[]): TSchema | undefined {
	let current: TSchema | undefined = schema;
	for (const segment of segments) {
		const node = current as { properties?: Record<string, TSchema>; items?: TSchema } | undefined;
		current = /^\d+$/.test(segment) && node?.items ? node.items : node?.properties?.[segment];
	}
	return current;
}

function replyProblems(script: ConversationScript): string[] {
	const problems: string[] = [];
	const check = (reply: ConversationReply, pointer: string) => {
		const content = (["thinking", "text", "toolCalls"] as const).filter((key) => reply[key] !== undefined);
		if (reply.error && content.length > 0) {
			const keys = content.map((key) => `"${key}"`).join(", ");
			problems.push(`"${pointer}": an error reply sends nothing else; remove ${keys} or "error"`);
		}
		if (!reply.error && content.length === 0)
			problems.push(`"${pointer}": says nothing; give it "text", "thinking", "toolCalls" or "error"`);
		if (reply.when && Object.keys(reply.when).length === 0)
			problems.push(
				`"${pointer}/when": empty; give "turn", "userMatches" or "toolResultMatches", or remove it`,
			);
		for (const key of ["userMatches", "toolResultMatches"] as const) {
			const source = reply.when?.[key];
			if (source === undefined) continue;
			try {
				new RegExp(source);
			} catch (error) {
				const reason = error instanceof Error ? error.message : String(error);
				problems.push(
					`"${pointer}/when/${key}": not a regular expression (${reason}); write it in JavaScript syntax without the surrounding slashes`,
				);
			}
		}
	};
	for (const [index, reply] of script.replies.entries()) check(reply, `/replies/${index}`);
	if (script.fallback) check(script.fallback, "/fallback");
	return problems;
}
