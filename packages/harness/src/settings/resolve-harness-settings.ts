import { type CompactionSettings, DEFAULT_COMPACTION_SETTINGS } from "../compaction/types.js";
import { DEFAULT_RETRY_SETTINGS, type RetrySettings } from "../retry/types.js";
import type { Settings } from "./settings-schema.js";

/** The complete compaction and retry settings the harness runs with. */
export interface HarnessSettings {
	compaction: CompactionSettings;
	retry: RetrySettings;
}

/** Fills what `settings` leaves out of `compaction` and `retry` with the defaults. Returns fresh objects. */
export function resolveHarnessSettings(settings: Settings): HarnessSettings {
	return {
		compaction: { ...DEFAULT_COMPACTION_SETTINGS, ...definedFields(settings.compaction) },
		retry: { ...DEFAULT_RETRY_SETTINGS, ...definedFields(settings.retry) },
	};
}

/** `{ threshold: undefined }` must not blank out a default. */
function definedFields<T extends object>(partial: T | undefined): Partial<T> {
	if (!partial) return {};
	return Object.fromEntries(Object.entries(partial).filter(([, value]) => value !== undefined)) as Partial<T>;
}
