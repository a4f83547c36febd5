import { THINKING_LEVELS } from "@kestrel/ai";
import { type Static, type TObject, type TProperties, Type } from "typebox";

/** The protocol version in the `ready` line; raised when a command or a line changes incompatibly. */
export const RPC_PROTOCOL_VERSION = 1;

/** The `id` a client may put on any command; echoed in its response. */
export const RpcIdSchema = Type.Union([Type.String(), Type.Number()]);

/** A command object: `{ id?, type: name, …fields }`, with no other keys. */
function command<Name extends string, Fields extends TProperties>(name: Name, fields: Fields) {
	return Type.Object(
		{ id: Type.Optional(RpcIdSchema), type: Type.Literal(name), ...fields },
		{ additionalProperties: false },
	);
}

const message = Type.String({ minLength: 1, description: "the user's text" });

/**
 * Every command of protocol 1, by its `type`. Documented for clients in `docs/rpc.md`;
 * the parser validates each line against the schema named by its `type`.
 */
export const RPC_COMMAND_SCHEMAS = {
	/** Starts a run. Answered once the run is accepted; its events follow, `agent_end` closes it. */
	prompt: command("prompt", { message }),
	/** Injects a message into the running agent after the current turn's tools. */
	steer: command("steer", { message }),
	/** Queues a message to process when the running agent would stop. */
	follow_up: command("follow_up", { message }),
	/** Aborts the run (or a compaction) and empties the queues; handled as soon as it is read. Answered once the run has stopped. */
	abort: command("abort", {}),
	get_state: command("get_state", {}),
	/** The messages the model gets next. */
	get_messages: command("get_messages", {}),
	/** `provider/id[:thinking]`, or an id of the current provider. */
	set_model: command("set_model", { model: Type.String({ minLength: 1 }) }),
	set_thinking_level: command("set_thinking_level", {
		level: Type.Union(THINKING_LEVELS.map((level) => Type.Literal(level))),
	}),
	list_models: command("list_models", {}),
	compact: command("compact", { instructions: Type.Optional(Type.String()) }),
	new_session: command("new_session", {}),
	/** A session file, absolute or relative to the working folder. */
	switch_session: command("switch_session", { path: Type.String({ minLength: 1 }) }),
	/** Copies the path up to `entryId` (default: the leaf; `null`: nothing) into a new session. */
	fork: command("fork", { entryId: Type.Optional(Type.Union([Type.String({ minLength: 1 }), Type.Null()])) }),
	get_session_stats: command("get_session_stats", {}),
	/** Writes the session as one HTML file (default: `<session file name>.html` in the working folder). */
	export_html: command("export_html", { path: Type.Optional(Type.String({ minLength: 1 })) }),
	/** The commands the session's tool packs offer (`mcp`, …), and those refused for clashing with built-in names. */
	get_pack_commands: command("get_pack_commands", {}),
	/**
	 * Runs a tool pack's command with its argument text. A `show` result is answered as
	 * text; a `prompt` result is sent to the model like `prompt` (steered in while a run is
	 * in progress).
	 */
	pack_command: command("pack_command", {
		name: Type.String({ minLength: 1 }),
		args: Type.Optional(Type.String()),
	}),
	/** Answers an `approval_request`. */
	approval_response: command("approval_response", {
		requestId: Type.String({ minLength: 1 }),
		decision: Type.Union([
			Type.Literal("allow"),
			Type.Literal("allow_call_session"),
			Type.Literal("allow_session"),
			Type.Literal("deny"),
		]),
		reason: Type.Optional(Type.String()),
	}),
} satisfies Record<string, TObject>;

export type RpcCommandType = keyof typeof RPC_COMMAND_SCHEMAS;

/** A validated command. */
export type RpcCommand = {
	[Name in RpcCommandType]: Static<(typeof RPC_COMMAND_SCHEMAS)[Name]>;
}[RpcCommandType];

/** The command of type `Name`. */
export type RpcCommandOf<Name extends RpcCommandType> = Extract<RpcCommand, { type: Name }>;

export const RPC_COMMAND_TYPES = Object.keys(RPC_COMMAND_SCHEMAS) as RpcCommandType[];
