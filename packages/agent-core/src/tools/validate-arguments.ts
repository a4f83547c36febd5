import type { TSchema } from "typebox";
import { Compile, type Validator } from "typebox/compile";
import { coerceScalars } from "./coerce-arguments.js";

export type ArgumentsValidation = { ok: true; value: unknown } | { ok: false; message: string };

/**
 * Compiled validators, one per schema object. Compiling is the expensive step and a tool's
 * schema object lives as long as the tool, so identity is the right key; entries go away
 * with their schemas. A pure memo: nothing observable is shared between callers.
 */
const validators = new WeakMap<TSchema, Validator>();

function validatorFor(schema: TSchema): Validator {
	let validator = validators.get(schema);
	if (!validator) {
		validator = Compile(schema) as Validator;
		validators.set(schema, validator);
	}
	return validator;
}

/** At most this many schema errors are listed for the model. */
const MAX_LISTED_ERRORS = 8;

/**
 * Checks a tool call's arguments against the tool's schema. Arguments that fail only
 * because the model sent numbers or booleans as strings (`"3"`, `"true"`) are converted
 * and pass. The caller's value is never mutated. A failure's message is written for the
 * model: which fields are wrong and what it sent.
 */
export function validateToolArguments(toolName: string, schema: TSchema, args: unknown): ArgumentsValidation {
	const validator = validatorFor(schema);
	if (validator.Check(args)) return { ok: true, value: args };
	const coerced = coerceScalars(schema, args);
	if (coerced !== args && validator.Check(coerced)) return { ok: true, value: coerced };
	const errors = validator.Errors(coerced);
	const lines = errors
		.slice(0, MAX_LISTED_ERRORS)
		.map((error) => `  - ${error.instancePath || "(root)"}: ${error.message}`);
	if (errors.length > MAX_LISTED_ERRORS) lines.push(`  - … and ${errors.length - MAX_LISTED_ERRORS} more`);
	const message = [
		`Invalid arguments for tool "${toolName}":`,
		...lines,
		`Arguments received: ${safeJson(args)}`,
		"Call the tool again with arguments that match its schema.",
	].join("\n");
	return { ok: false, message };
}

function safeJson(value: unknown): string {
	try {
		const text = JSON.stringify(value) ?? String(value);
		return text.length > 2000 ? `${text.slice(0, 2000)}…` : text;
	} catch {
		return String(value);
	}
}
