export { bashDisplay } from "./bash/bash-display.js";
export {
	type BashTool,
	type BashToolArguments,
	type BashToolParameters,
	createBashTool,
} from "./bash/bash-tool.js";
export { providerKeyVariables } from "./bash/environment.js";
export { bashToolGuidelines } from "./bash/guidelines.js";
export { createLocalShellOperations } from "./bash/local-shell.js";
export { isProcessGroupAlive, signalProcessGroup, terminateProcessGroup } from "./bash/process-group.js";
export type {
	BashOutputSummary,
	BashStatus,
	BashToolDetails,
	BashToolOptions,
	LocalShellOptions,
	ShellExit,
	ShellOperations,
	ShellSpawnOptions,
} from "./bash/types.js";
export { shellToolPack, toolPack } from "./pack/shell-pack.js";
