import { Value } from "typebox/value";
import { dottedPath } from "../../json-pointer.js";
import { RPC_COMMAND_SCHEMAS, RPC_COMMAND_TYPES, type RpcCommand } from "./rpc-command-schema.js";
import type { RpcError, RpcId } from "./rpc-protocol.js";

/** A line read as a command, or the error response it gets. */
export type ParsedLine =
	| { ok: true; command: RpcCommand; id: RpcId }
	| { ok: false; id: RpcId; command: string | null; error: RpcError };

const EXAMPLE = '{"id":1,"type":"get_state"}';

/**
 * Reads one input line: JSON, then `type`, then the fields against the command's schema.
 * Pure. The `id` is recovered whenever the line is a JSON object, so that even a rejected
 * command is answered with its id. `guide` is where the protocol is documented, named in
 * errors that send the client there (the installed `docs/rpc.md`).
 */
export function parseCommand(line: string, guide: string): ParsedLine {
	let value: unknown;
	try {
		value = JSON.parse(line);
	} catch (error) {
		const reason = error instanceof Error ? error.message : String(error);
		return fail(
			null,
			null,
			"parse_error",
			`Not valid JSON (${reason}). Send one JSON object per line, e.g. ${EXAMPLE}`,
		);
	}
	if (typeof value !== "object" || value === null || Array.isArray(value)) {
		return fail(null, null, "parse_error", `Expected a JSON object per line, e.g. ${EXAMPLE}`);
	}
	const record = value as Record<string, unknown>;
	const rawId = record.id;
	const id = typeof rawId === "string" || typeof rawId === "number" ? rawId : null;
	const type = typeof record.type === "string" ? record.type : null;
	if (rawId !== undefined && id === null) {
		return fail(null, type, "invalid_params", `"id" must be a string or a number.`, "id");
	}
	if (type === null) {
		return fail(id, null, "invalid_params", `"type" is required: the command, e.g. ${EXAMPLE}`, "type");
	}
	if (!Object.hasOwn(RPC_COMMAND_SCHEMAS, type)) {
		return fail(
			id,
			type,
			"unknown_command",
			`Unknown command "${type}". Commands: ${RPC_COMMAND_TYPES.join(", ")}.`,
		);
	}
	const schema = RPC_COMMAND_SCHEMAS[type as keyof typeof RPC_COMMAND_SCHEMAS];
	const problem = firstProblem(type, [...Value.Errors(schema, value)], guide);
	if (problem) return fail(id, type, "invalid_params", problem.message, problem.field);
	return { ok: true, command: value as RpcCommand, id };
}

interface SchemaError {
	keyword: string;
	instancePath: string;
	params: unknown;
	message: string;
}

/** The first problem of a command, in words, with the field it is about. */
function firstProblem(
	type: string,
	errors: SchemaError[],
	guide: string,
): { field: string; message: string } | undefined {
	const first = errors[0];
	if (!first) return undefined;
	const params = first.params as { requiredProperties?: string[]; type?: string; limit?: number };
	if (first.keyword === "required") {
		const field = params.requiredProperties?.[0] ?? "";
		return { field, message: `${type}: "${field}" is required.` };
	}
	const field = dottedPath(first.instancePath);
	if (first.keyword === "boolean" || first.keyword === "additionalProperties") {
		return { field, message: `${type}: "${field}" is not a field of ${type}; remove it (see ${guide}).` };
	}
	// A union reports each alternative, then `anyOf`: list the allowed constants when there are any.
	const allowed = errors
		.filter((error) => error.instancePath === first.instancePath && error.keyword === "const")
		.map((error) => JSON.stringify((error.params as { allowedValue?: unknown }).allowedValue));
	if (allowed.length > 0)
		return { field, message: `${type}: "${field}" must be one of ${allowed.join(", ")}.` };
	if (first.keyword === "minLength") return { field, message: `${type}: "${field}" must not be empty.` };
	if (first.keyword === "type") {
		const alternatives = errors
			.filter((error) => error.instancePath === first.instancePath && error.keyword === "type")
			.map((error) => (error.params as { type?: string }).type);
		return { field, message: `${type}: "${field}" must be ${alternatives.map(article).join(" or ")}.` };
	}
	return { field, message: `${type}: "${field}" ${first.message}.` };
}

function article(kind: string | undefined): string {
	if (kind === "null") return "null";
	return kind === "integer" || kind === "object" || kind === "array" ? `an ${kind}` : `a ${kind ?? "value"}`;
}

function fail(
	id: RpcId,
	command: string | null,
	code: RpcError["code"],
	message: string,
	field?: string,
): ParsedLine {
	return {
		ok: false,
		id,
		command,
		error: field === undefined ? { code, message } : { code, message, field },
	};
}
