/**
 * MCP content → what the model can read. Models here take text and images only: audio
 * and binary resources become a short note saying what they were.
 */
import type { AgentToolResult } from "@kestrel/agent-core";
import type {
	CallToolResult,
	ContentBlock,
	EmbeddedResource,
	PromptMessage,
} from "@modelcontextprotocol/sdk/types.js";

type ResultContent = AgentToolResult["content"][number];

/** The size of base64 data in bytes, for notes such as "audio/wav, 12.3 KB". */
function decodedSize(base64: string): string {
	const padding = base64.endsWith("==") ? 2 : base64.endsWith("=") ? 1 : 0;
	const bytes = Math.max(0, Math.floor((base64.length * 3) / 4) - padding);
	return bytes < 1024
		? `${bytes} bytes`
		: bytes < 1024 * 1024
			? `${(bytes / 1024).toFixed(1)} KB`
			: `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function resourceContent(block: EmbeddedResource): ResultContent {
	const resource = block.resource;
	const mimeType = resource.mimeType;
	if ("text" in resource && typeof resource.text === "string")
		return {
			type: "text",
			text: `Resource ${resource.uri}${mimeType ? ` (${mimeType})` : ""}:\n${resource.text}`,
		};
	const blob = "blob" in resource && typeof resource.blob === "string" ? resource.blob : "";
	if (mimeType?.startsWith("image/") && blob !== "") return { type: "image", data: blob, mimeType };
	return {
		type: "text",
		text: `[Binary resource ${resource.uri}${mimeType ? `, ${mimeType}` : ""}, ${decodedSize(blob)}: not shown, since it is not text or an image.]`,
	};
}

/** One MCP content block as text or an image. */
export function mapContentBlock(block: ContentBlock): ResultContent {
	switch (block.type) {
		case "text":
			return { type: "text", text: block.text };
		case "image":
			return { type: "image", data: block.data, mimeType: block.mimeType };
		case "audio":
			return {
				type: "text",
				text: `[Audio (${block.mimeType}, ${decodedSize(block.data)}): not shown, since this model cannot take audio.]`,
			};
		case "resource":
			return resourceContent(block);
		case "resource_link": {
			const lines = [`Resource link: ${block.uri}`];
			if (block.name) lines.push(`Name: ${block.name}`);
			if (block.description) lines.push(`Description: ${block.description}`);
			if (block.mimeType) lines.push(`Type: ${block.mimeType}`);
			return { type: "text", text: lines.join("\n") };
		}
		default:
			return {
				type: "text",
				text: `[Content of type ${JSON.stringify((block as { type?: unknown }).type)} not shown.]`,
			};
	}
}

/** What a tool's result carries besides its content, for user interfaces and logs. */
export interface McpToolDetails {
	server: string;
	/** The tool's name as the server gives it. */
	tool: string;
	structuredContent?: Record<string, unknown>;
}

/**
 * A `tools/call` result as a tool result. `structuredContent` is added as JSON text when no
 * text block already carries the same data (servers are asked to send both); `isError`
 * makes it an error result.
 */
export function mapCallToolResult(
	result: CallToolResult,
	server: string,
	tool: string,
): AgentToolResult<McpToolDetails> {
	const blocks = Array.isArray(result.content) ? (result.content as ContentBlock[]) : [];
	const content = blocks.map(mapContentBlock);
	const structured = result.structuredContent;
	if (structured !== undefined && !hasTextOf(content, structured)) {
		content.push({ type: "text", text: JSON.stringify(structured, null, 2) });
	}
	if (content.length === 0)
		content.push({
			type: "text",
			text: result.isError ? "The tool failed without saying why." : "(no output)",
		});
	const details: McpToolDetails = {
		server,
		tool,
		...(structured === undefined ? {} : { structuredContent: structured }),
	};
	return { content, details, ...(result.isError === true ? { isError: true } : {}) };
}

function hasTextOf(content: readonly ResultContent[], structured: unknown): boolean {
	const json = JSON.stringify(structured);
	return content.some((block) => {
		if (block.type !== "text") return false;
		try {
			return JSON.stringify(JSON.parse(block.text)) === json;
		} catch {
			return false;
		}
	});
}

/** A prompt's messages as user content, in order (the roles are not kept: it becomes one user message). */
export function mapPromptMessages(messages: readonly PromptMessage[]): ResultContent[] {
	return messages.map((message) => mapContentBlock(message.content as ContentBlock));
}
