export type { ApproveMode, CliMode, CliOptions } from "./args/cli-options.js";
export { parseArgs } from "./args/parse-args.js";
export { CliError } from "./cli-error.js";
export { type ModelsFile, ModelsFileSchema } from "./models/models-file-schema.js";
export { isThinkingLevel, type ModelSpec, parseModelSpec } from "./models/parse-model-spec.js";
export { MODELS_FILE_EXAMPLE, validateModelsFile } from "./models/validate-models-file.js";
export { jsonEventLine } from "./modes/json-event-line.js";
export { type Approval, approvalFor } from "./permissions/approval-for.js";
