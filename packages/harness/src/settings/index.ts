export { type LoadedSettings, type LoadSettingsOptions, loadSettings } from "./load-settings.js";
export { mergeSettings } from "./merge-settings.js";
export { type HarnessSettings, resolveHarnessSettings } from "./resolve-harness-settings.js";
export { SettingsError, type SettingsIssue } from "./settings-error.js";
export {
	type ExtraSettingsKeys,
	pickSettings,
	type SettingsShape,
	settingsShape,
	toolPackSettingsKeys,
} from "./settings-keys.js";
export { type Settings, SettingsSchema } from "./settings-schema.js";
export { isTrustedFolder, readTrustedFolders, trustedFoldersFile, trustFolder } from "./trusted-folders.js";
export { type WithheldSetting, withholdWideningSettings } from "./widening-settings.js";
