import { describe, expect, it } from "vitest";
import { parseCommand as parseCommandWithGuide } from "../../src/modes/rpc/parse-command.js";

const GUIDE = "/opt/kestrel/docs/rpc.md";
const parseCommand = (line: string) => parseCommandWithGuide(line, GUIDE);

describe("parseCommand", () => {
	it("accepts a valid command with its id, string or number", () => {
		expect(parseCommand('{"id":3,"type":"prompt","message":"hi"}')).toEqual({
			ok: true,
			id: 3,
			command: { id: 3, type: "prompt", message: "hi" },
		});
		expect(parseCommand('{"id":"a","type":"fork","entryId":null}')).toMatchObject({ ok: true, id: "a" });
		expect(parseCommand('{"type":"get_state"}')).toMatchObject({ ok: true, id: null });
	});

	it("keeps the id of a rejected command so that its response can carry it", () => {
		expect(parseCommand('{"id":"q","type":"set_model"}')).toEqual({
			ok: false,
			id: "q",
			command: "set_model",
			error: { code: "invalid_params", message: 'set_model: "model" is required.', field: "model" },
		});
	});

	it("names the field and what it must be", () => {
		const wrongType = parseCommand('{"type":"switch_session","path":42}');
		expect(wrongType).toMatchObject({
			error: { field: "path", message: 'switch_session: "path" must be a string.' },
		});
		const empty = parseCommand('{"type":"steer","message":""}');
		expect(empty).toMatchObject({
			error: { field: "message", message: 'steer: "message" must not be empty.' },
		});
		const choice = parseCommand('{"type":"approval_response","requestId":"r","decision":"maybe"}');
		expect(choice).toMatchObject({
			error: {
				field: "decision",
				message:
					'approval_response: "decision" must be one of "allow", "allow_call_session", "allow_session", "deny".',
			},
		});
		const nullable = parseCommand('{"type":"fork","entryId":5}');
		expect(nullable).toMatchObject({
			error: { field: "entryId", message: 'fork: "entryId" must be a string or null.' },
		});
		const extra = parseCommand('{"type":"abort","force":true}');
		expect(extra).toMatchObject({
			error: {
				code: "invalid_params",
				field: "force",
				message: `abort: "force" is not a field of abort; remove it (see ${GUIDE}).`,
			},
		});
	});

	it("tells malformed lines, unknown commands and a bad id apart", () => {
		expect(parseCommand("{oops")).toMatchObject({
			ok: false,
			id: null,
			command: null,
			error: { code: "parse_error" },
		});
		expect(parseCommand('"prompt"')).toMatchObject({ error: { code: "parse_error" } });
		expect(parseCommand("null")).toMatchObject({ error: { code: "parse_error" } });
		expect(parseCommand('{"id":1,"type":"Prompt"}')).toMatchObject({
			id: 1,
			command: "Prompt",
			error: { code: "unknown_command" },
		});
		expect(parseCommand('{"id":1,"type":"constructor"}')).toMatchObject({
			error: { code: "unknown_command" },
		});
		expect(parseCommand('{"id":[1],"type":"abort"}')).toMatchObject({
			id: null,
			command: "abort",
			error: { code: "invalid_params", field: "id" },
		});
		expect(parseCommand('{"id":1}')).toMatchObject({
			id: 1,
			error: { code: "invalid_params", field: "type" },
		});
	});
});
