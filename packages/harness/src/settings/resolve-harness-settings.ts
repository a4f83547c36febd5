import { type CompactionSettings, DEFAULT_COMPACTION_SETTINGS } from "../compaction/types.js";
import { DEFAULT_RETRY_SETTINGS, type RetrySettings, type TimeoutSettings } from "../retry/types.js";
import type { Settings } from "./settings-schema.js";

/** The complete compaction and retry settings the harness runs with, and the timeouts that were set. */
export interface HarnessSettings {
	compaction: CompactionSettings;
	retry: RetrySettings;
	/** Only what the settings set: the rest is `@kestrel/ai`'s defaults, and no total limit. */
	timeouts: TimeoutSettings;
}

/** Fills what `settings` leaves out of `compaction` and `retry` with the defaults. Returns fresh objects. */
export function resolveHarnessSettings(settings: Settings): HarnessSettings {
	return {
		compaction: { ...DEFAULT_COMPACTION_SETTINGS, ...definedFields(settings.compaction) },
		retry: { ...DEFAULT_RETRY_SETTINGS, ...definedFields(settings.retry) },
		timeouts: definedFields(settings.timeouts),
	};
}

/** `{ threshold: undefined }` must not blank out a default. */
function definedFields<T extends object>(partial: T | undefined): Partial<T> {
	if (!partial) return {};
	return Object.fromEntries(Object.entries(partial).filter(([, value]) => value !== undefined)) as Partial<T>;
}
