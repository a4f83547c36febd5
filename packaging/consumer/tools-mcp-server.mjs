// A stdio MCP server of the app's own, built with the official SDK: one read-only tool,
// `tide`, and instructions for the client. tools-mcp.ts starts it through the pack.
// JavaScript, so the type-checks stay on what the app uses of Kestrel: the SDK's server
// declarations need the DOM library (`HeadersInit` in shared/transport.d.ts), which a
// Node app's `lib` does not include.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import * as z from "zod";

const server = new McpServer(
	{ name: "tides", version: "1.0.0" },
	{ instructions: "Times are local to each harbour." },
);
server.registerTool(
	"tide",
	{
		description: "The next high tide in a harbour.",
		inputSchema: { harbour: z.string() },
		annotations: { readOnlyHint: true, openWorldHint: false },
	},
	async ({ harbour }) => ({ content: [{ type: "text", text: `${harbour}: high tide at 06:10` }] }),
);
// Its stderr goes to the pack's log file, never to the terminal.
process.stderr.write(`tides server started (pid ${process.pid})\n`);
await server.connect(new StdioServerTransport());
