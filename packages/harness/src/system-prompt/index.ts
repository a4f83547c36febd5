export { buildSystemPrompt, type PromptTool, type SystemPromptInput } from "./build-system-prompt.js";
export {
	type ContextFile,
	loadContextFiles,
	loadPromptFiles,
	type PromptFileLocations,
	type PromptFiles,
} from "./context-files.js";
export {
	createCachingPromptFileReader,
	type PromptFileOperations,
	type PromptFileReader,
} from "./prompt-file-reader.js";
export {
	createSystemPromptSource,
	type SystemPromptSource,
	type SystemPromptSourceOptions,
} from "./system-prompt-source.js";
