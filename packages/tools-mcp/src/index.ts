export type { McpToolDetails } from "./map-result.js";
export type { McpProgressDetails } from "./mcp-tool.js";
export { type McpToolPackOptions, mcpToolPack } from "./mcp-tool-pack.js";
export {
	DEFAULT_CALL_TIMEOUT_MS,
	DEFAULT_STARTUP_TIMEOUT_MS,
	type McpServerSettings,
	McpServerSettingsSchema,
	type McpSettings,
	McpSettingsSchema,
} from "./settings.js";
export { MAX_TOOL_NAME_LENGTH } from "./tool-names.js";
export { toolPack } from "./tool-pack-module.js";
