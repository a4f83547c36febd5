import type { AgentTool, AgentToolResult, ToolEffects } from "@kestrel/agent-core";
import { ErrorCode, McpError, type Progress, type Tool } from "@modelcontextprotocol/sdk/types.js";
import type { TSchema } from "typebox";
import { Compile } from "typebox/compile";
import { type McpToolDetails, mapCallToolResult } from "./map-result.js";
import { errorText, type ServerConnection } from "./server-connection.js";

/** The details of a progress update streamed while a call runs. */
export interface McpProgressDetails extends McpToolDetails {
	progress: Progress;
}

/**
 * A tool's effects from its MCP annotations: `readOnlyHint` → `read` (reaching beyond the
 * machine unless `openWorldHint` is `false`, the specification's default being `true`);
 * anything else → `execute`, `destructive` unless `destructiveHint` is `false` (again the
 * specification's default). Annotations are hints from the server: a policy that trusts
 * them trusts the server.
 */
export function effectsOf(tool: Tool): ToolEffects {
	const annotations = tool.annotations ?? {};
	const openWorld = annotations.openWorldHint !== false;
	if (annotations.readOnlyHint === true) return { kind: "read", openWorld };
	return { kind: "execute", openWorld, destructive: annotations.destructiveHint !== false };
}

/**
 * The server's input schema as the model's `parameters`: as written, with `type: "object"`
 * and `properties` added when the server left them out (providers require both). A
 * schema that TypeBox cannot compile (the loop validates arguments with it) becomes an
 * open object, and the tool's description carries the original.
 */
export function parametersOf(tool: Tool): { parameters: TSchema; note: string | undefined } {
	const schema: Record<string, unknown> = { ...(tool.inputSchema as Record<string, unknown>) };
	if (schema.type === undefined) schema.type = "object";
	if (schema.properties === undefined) schema.properties = {};
	try {
		Compile(schema as TSchema);
		return { parameters: schema as TSchema, note: undefined };
	} catch {
		return {
			parameters: { type: "object", properties: {}, additionalProperties: true } as unknown as TSchema,
			note: `Arguments (JSON Schema): ${JSON.stringify(tool.inputSchema)}`,
		};
	}
}

const MAX_SUMMARY = 160;
const MAX_VALUE = 60;

/** `tool key=value …`, each value as JSON and cut short, for one-line displays. */
export function summarizeCall(tool: string, args: Record<string, unknown>): string {
	const parts = Object.entries(args).map(([key, value]) => {
		const json = JSON.stringify(value) ?? String(value);
		return `${key}=${json.length > MAX_VALUE ? `${json.slice(0, MAX_VALUE - 1)}…` : json}`;
	});
	const text = [tool, ...parts].join(" ");
	return text.length > MAX_SUMMARY ? `${text.slice(0, MAX_SUMMARY - 1)}…` : text;
}

function progressText(progress: Progress): string {
	const amount =
		progress.total === undefined ? `${progress.progress}` : `${progress.progress}/${progress.total}`;
	return progress.message ? `Progress ${amount}: ${progress.message}` : `Progress ${amount}`;
}

function failure(text: string, details: McpToolDetails): AgentToolResult<McpToolDetails> {
	return { content: [{ type: "text", text }], details, isError: true };
}

/** Why a call failed, written for the model (and the user reading along). */
function callFailure(
	connection: ServerConnection,
	tool: string,
	error: unknown,
	signal: AbortSignal,
): string {
	const server = `MCP server "${connection.name}"`;
	if (signal.aborted) return `The call to ${tool} was cancelled; ${server} was told to stop it.`;
	if (error instanceof McpError && error.code === ErrorCode.RequestTimeout)
		return `${server} did not finish ${tool} within ${connection.resolved?.callTimeoutMs} ms, so the call was cancelled. The user can allow longer with "timeout" in the server's settings.`;
	if (error instanceof McpError && error.code === ErrorCode.ConnectionClosed)
		return `${server} stopped during the call to ${tool}: ${connection.stopReport()}\nThe server is started again on the next call; the call may or may not have had its effect.`;
	return `${server} could not run ${tool}: ${errorText(error)}`;
}

/** One MCP tool as an agent tool named `exposedName`, calling `connection`. */
export function createMcpTool(connection: ServerConnection, tool: Tool, exposedName: string): AgentTool {
	const { parameters, note } = parametersOf(tool);
	const description =
		tool.description?.trim() || `The "${tool.name}" tool of the MCP server "${connection.name}".`;
	const details: McpToolDetails = { server: connection.name, tool: tool.name };
	return {
		name: exposedName,
		label: tool.title ?? tool.annotations?.title ?? tool.name,
		description: note === undefined ? description : `${description}\n\n${note}`,
		parameters,
		effects: effectsOf(tool),
		display: { summary: (args) => `${connection.name}: ${summarizeCall(tool.name, args)}` },
		async execute(_toolCallId, args, signal, onUpdate) {
			try {
				const result = await connection.callTool(
					tool.name,
					args as Record<string, unknown>,
					signal,
					(progress) =>
						onUpdate({
							content: [{ type: "text", text: progressText(progress) }],
							details: { ...details, progress } satisfies McpProgressDetails,
						}),
				);
				return mapCallToolResult(result, connection.name, tool.name);
			} catch (error) {
				return failure(callFailure(connection, tool.name, error, signal), details);
			}
		},
	};
}
